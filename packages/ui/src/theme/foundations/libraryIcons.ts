// Every icon the components draw, for the Foundations → Icons page. Icons.stories.tsx checks this
// list against the icons the component sources import, so a new icon that is not listed fails.
import type { LucideIcon } from 'lucide-react';
import AppWindow from 'lucide-react/icons/app-window';
import Apple from 'lucide-react/icons/apple';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import AtSign from 'lucide-react/icons/at-sign';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChartBar from 'lucide-react/icons/chart-bar';
import Check from 'lucide-react/icons/check';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Compass from 'lucide-react/icons/compass';
import Copy from 'lucide-react/icons/copy';
import CornerDownRight from 'lucide-react/icons/corner-down-right';
import Ellipsis from 'lucide-react/icons/ellipsis';
import ExternalLink from 'lucide-react/icons/external-link';
import Feather from 'lucide-react/icons/feather';
import Film from 'lucide-react/icons/film';
import Flag from 'lucide-react/icons/flag';
import Globe from 'lucide-react/icons/globe';
import Hand from 'lucide-react/icons/hand';
import Heart from 'lucide-react/icons/heart';
import House from 'lucide-react/icons/house';
import ImagePlay from 'lucide-react/icons/image-play';
import ImagePlus from 'lucide-react/icons/image-plus';
import Inbox from 'lucide-react/icons/inbox';
import KeyRound from 'lucide-react/icons/key-round';
import Laptop from 'lucide-react/icons/laptop';
import Leaf from 'lucide-react/icons/leaf';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Lock from 'lucide-react/icons/lock';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import MessageSquare from 'lucide-react/icons/message-square';
import MessageSquareLock from 'lucide-react/icons/message-square-lock';
import Monitor from 'lucide-react/icons/monitor';
import Move from 'lucide-react/icons/move';
import Pause from 'lucide-react/icons/pause';
import Plane from 'lucide-react/icons/plane';
import Play from 'lucide-react/icons/play';
import Plus from 'lucide-react/icons/plus';
import Repeat2 from 'lucide-react/icons/repeat-2';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Search from 'lucide-react/icons/search';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import Server from 'lucide-react/icons/server';
import Settings from 'lucide-react/icons/settings';
import Share from 'lucide-react/icons/share';
import Shield from 'lucide-react/icons/shield';
import ShieldBan from 'lucide-react/icons/shield-ban';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smartphone from 'lucide-react/icons/smartphone';
import Smile from 'lucide-react/icons/smile';
import Tablet from 'lucide-react/icons/tablet';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Trophy from 'lucide-react/icons/trophy';
import Unplug from 'lucide-react/icons/unplug';
import User from 'lucide-react/icons/user';
import UserLock from 'lucide-react/icons/user-lock';
import UserPlus from 'lucide-react/icons/user-plus';
import UserRoundX from 'lucide-react/icons/user-round-x';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import WifiOff from 'lucide-react/icons/wifi-off';
import X from 'lucide-react/icons/x';

export const libraryIcons: Record<string, LucideIcon> = {
  'app-window': AppWindow,
  apple: Apple,
  'arrow-left': ArrowLeft,
  'at-sign': AtSign,
  'badge-check': BadgeCheck,
  bell: Bell,
  bookmark: Bookmark,
  'calendar-clock': CalendarClock,
  'calendar-days': CalendarDays,
  'chart-bar': ChartBar,
  check: Check,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  'circle-alert': CircleAlert,
  'circle-check': CircleCheck,
  compass: Compass,
  copy: Copy,
  'corner-down-right': CornerDownRight,
  ellipsis: Ellipsis,
  'external-link': ExternalLink,
  feather: Feather,
  film: Film,
  flag: Flag,
  globe: Globe,
  hand: Hand,
  heart: Heart,
  house: House,
  'image-play': ImagePlay,
  'image-plus': ImagePlus,
  inbox: Inbox,
  'key-round': KeyRound,
  laptop: Laptop,
  leaf: Leaf,
  lightbulb: Lightbulb,
  lock: Lock,
  'log-out': LogOut,
  mail: Mail,
  'message-circle': MessageCircle,
  'message-square': MessageSquare,
  'message-square-lock': MessageSquareLock,
  monitor: Monitor,
  move: Move,
  pause: Pause,
  plane: Plane,
  play: Play,
  plus: Plus,
  'repeat-2': Repeat2,
  'rotate-cw': RotateCw,
  search: Search,
  'send-horizontal': SendHorizontal,
  server: Server,
  settings: Settings,
  share: Share,
  shield: Shield,
  'shield-ban': ShieldBan,
  'shield-check': ShieldCheck,
  smartphone: Smartphone,
  smile: Smile,
  tablet: Tablet,
  'trash-2': Trash2,
  'triangle-alert': TriangleAlert,
  trophy: Trophy,
  unplug: Unplug,
  user: User,
  'user-lock': UserLock,
  'user-plus': UserPlus,
  'user-round-x': UserRoundX,
  'volume-2': Volume2,
  'volume-x': VolumeX,
  'wifi-off': WifiOff,
  x: X,
};
