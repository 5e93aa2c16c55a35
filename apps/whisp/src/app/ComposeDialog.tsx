import { ComposeModal, type ComposeModalProps, IconButton, useToast } from '@whisp/ui';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChartBar from 'lucide-react/icons/chart-bar';
import ImagePlay from 'lucide-react/icons/image-play';
import Smile from 'lucide-react/icons/smile';

/** Product-spec section 8: the composer's tools that are not built yet say so. */
const comingSoonTools = [
  { label: 'Add a GIF', message: 'GIF support coming soon!', icon: <ImagePlay /> },
  { label: 'Add a poll', message: 'Polls coming soon!', icon: <ChartBar /> },
  { label: 'Add an emoji', message: 'Emoji picker coming soon!', icon: <Smile /> },
  { label: 'Schedule', message: 'Scheduling coming soon!', icon: <CalendarClock /> },
];

/** The 'New Whisp' dialog with the app's toolbar; its state lives in ComposeProvider. */
export default function ComposeDialog(props: Omit<ComposeModalProps, 'tools'>) {
  const { toast } = useToast();
  return (
    <ComposeModal
      {...props}
      tools={comingSoonTools.map((tool) => (
        <IconButton key={tool.label} label={tool.label} onClick={() => toast(tool.message)}>
          {tool.icon}
        </IconButton>
      ))}
    />
  );
}
