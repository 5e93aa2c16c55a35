// biome-ignore-all assist/source/organizeImports: the public API is grouped by component with one export per line, so a diff shows exactly what was added or removed.
// The public API of @whisp/ui, curated by hand.

// Declares the cascade layers first, so `whisp-reset` stays before `whisp` whatever loads next.
// The page-wide reset is not imported here: it is the opt-in `@whisp/ui/reset.css`.
import './theme/layers.css.js';

export { vars } from './theme/contract.css.js';
export { lightTheme } from './theme/themes.css.js';
export { darkTheme } from './theme/themes.css.js';
export { themeClass } from './theme/themeClass.js';
export { themeNames } from './theme/themeClass.js';
export type { ThemeName } from './theme/themeClass.js';
export { createWhispTheme } from './theme/createWhispTheme.js';
export { contrastRatio } from './theme/createWhispTheme.js';
export type { WhispBrandColors } from './theme/createWhispTheme.js';
export type { WhispTheme } from './theme/createWhispTheme.js';
export type { WhispThemeOptions } from './theme/createWhispTheme.js';
export type { WhispThemeVariables } from './theme/createWhispTheme.js';
export { breakpoints } from './theme/media.js';
export { media } from './theme/media.js';

export { formatCount } from './format/count.js';
export { formatRelativeTime } from './format/relativeTime.js';
export { formatFullDateTime } from './format/relativeTime.js';
export { formatJoinedDate } from './format/relativeTime.js';
export { formatDaySeparator } from './format/relativeTime.js';
export { formatClockTime } from './format/relativeTime.js';
export { returnPlace } from './format/appAddress.js';
export { websiteLink } from './format/appAddress.js';
export { countGraphemes } from './format/graphemes.js';
export { parseContent } from './format/content.js';
export { videoEmbedFor } from './format/content.js';
export { mentionHref } from './format/content.js';
export { hashtagHref } from './format/content.js';
export type { ContentSegment } from './format/content.js';
export type { VideoEmbed } from './format/content.js';

export { WhispUiProvider } from './utilities/WhispUiProvider.js';
export { useWhispFormatter } from './utilities/WhispUiProvider.js';
export type { WhispUiProviderProps } from './utilities/WhispUiProvider.js';
export { createWhispFormatter } from './format/formatter.js';
export type { WhispFormatOptions } from './format/formatter.js';
export type { WhispFormatter } from './format/formatter.js';

export { LinkProvider } from './utilities/link.js';
export type { LinkProviderProps } from './utilities/link.js';
export type { LinkComponent } from './utilities/link.js';
export type { LinkRenderProps } from './utilities/link.js';

export type { ReturnFocusTarget } from './utilities/focusReturn.js';

export { Button } from './components/Button/Button.js';
export type { ButtonProps } from './components/Button/Button.js';
export type { ButtonSize } from './components/Button/Button.css.js';
export type { ButtonVariant } from './components/Button/Button.css.js';

export { IconButton } from './components/IconButton/IconButton.js';
export type { IconButtonProps } from './components/IconButton/IconButton.js';
export type { IconButtonSize } from './components/IconButton/IconButton.css.js';
export type { IconButtonVariant } from './components/IconButton/IconButton.css.js';

export { Spinner } from './components/Spinner/Spinner.js';
export type { SpinnerProps } from './components/Spinner/Spinner.js';
export type { SpinnerSize } from './components/Spinner/Spinner.css.js';

export { ConnectionErrorScreen } from './components/ConnectionErrorScreen/ConnectionErrorScreen.js';
export type { ConnectionErrorScreenProps } from './components/ConnectionErrorScreen/ConnectionErrorScreen.js';

export { LoadingScreen } from './components/LoadingScreen/LoadingScreen.js';
export type { LoadingScreenProps } from './components/LoadingScreen/LoadingScreen.js';

export { Avatar } from './components/Avatar/Avatar.js';
export type { AvatarProps } from './components/Avatar/Avatar.js';
export type { AvatarSize } from './components/Avatar/Avatar.css.js';

export { VerifiedBadge } from './components/VerifiedBadge/VerifiedBadge.js';
export type { VerifiedBadgeProps } from './components/VerifiedBadge/VerifiedBadge.js';

export { MemberHandle } from './components/MemberHandle/MemberHandle.js';
export { memberHandle } from './components/MemberHandle/MemberHandle.js';
export { memberHref } from './components/MemberHandle/MemberHandle.js';
export { memberHost } from './components/MemberHandle/MemberHandle.js';
export type { MemberHandleProps } from './components/MemberHandle/MemberHandle.js';
export type { MemberAddress } from './components/MemberHandle/MemberHandle.js';

export { VisuallyHidden } from './components/VisuallyHidden/VisuallyHidden.js';
export type { VisuallyHiddenProps } from './components/VisuallyHidden/VisuallyHidden.js';

export { Tooltip } from './components/Tooltip/Tooltip.js';
export type { TooltipProps } from './components/Tooltip/Tooltip.js';

export * as Dialog from './components/Dialog/Dialog.js';

export * as DropdownMenu from './components/DropdownMenu/DropdownMenu.js';

export * as Tabs from './components/Tabs/Tabs.js';

export { ToastProvider } from './components/Toast/Toast.js';
export { useToast } from './components/Toast/Toast.js';
export type { ToastProviderProps } from './components/Toast/Toast.js';
export type { ToastApi } from './components/Toast/Toast.js';
export type { ToastOptions } from './components/Toast/Toast.js';
export type { ToastAction } from './components/Toast/Toast.js';
export type { ToastVariant } from './components/Toast/Toast.css.js';

export { TextField } from './components/TextField/TextField.js';
export type { TextFieldProps } from './components/TextField/TextField.js';

export { TextArea } from './components/TextArea/TextArea.js';
export type { TextAreaProps } from './components/TextArea/TextArea.js';

export { Skeleton } from './components/Skeleton/Skeleton.js';
export { WhispSkeletonList } from './components/Skeleton/Skeleton.js';
export type { SkeletonProps } from './components/Skeleton/Skeleton.js';
export type { WhispSkeletonListProps } from './components/Skeleton/Skeleton.js';

export { EmptyState } from './components/EmptyState/EmptyState.js';
export type { EmptyStateProps } from './components/EmptyState/EmptyState.js';

export { ErrorState } from './components/ErrorState/ErrorState.js';
export type { ErrorStateProps } from './components/ErrorState/ErrorState.js';

export { ImageViewer } from './components/ImageViewer/ImageViewer.js';
export type { ImageViewerProps } from './components/ImageViewer/ImageViewer.js';

export { WhispCard } from './components/WhispCard/WhispCard.js';
export type { WhispCardProps } from './components/WhispCard/WhispCard.js';
export type { WhispToggleAction } from './components/WhispCard/WhispActions.js';

export { Poll } from './components/Poll/Poll.js';
export type { PollProps } from './components/Poll/Poll.js';

export { EditHistoryDialog } from './components/EditHistoryDialog/EditHistoryDialog.js';
export { EDIT_HISTORY_ERROR_MESSAGE } from './components/EditHistoryDialog/EditHistoryDialog.js';
export type { EditHistoryDialogProps } from './components/EditHistoryDialog/EditHistoryDialog.js';
export type { EditHistoryStatus } from './components/EditHistoryDialog/EditHistoryDialog.js';

export { Thread } from './components/Thread/Thread.js';
export { nestReplies } from './components/Thread/threadTree.js';
export type { ThreadProps } from './components/Thread/Thread.js';
export type { ThreadCardContext } from './components/Thread/Thread.js';
export type { ThreadNode } from './components/Thread/threadTree.js';

export { ComposeModal } from './components/ComposeModal/ComposeModal.js';
export { EMPTY_WHISP_MESSAGE } from './components/ComposeModal/ComposeModal.js';
export { SUBMIT_FAILED_MESSAGE } from './components/ComposeModal/ComposeModal.js';
export type { ComposeModalProps } from './components/ComposeModal/ComposeModal.js';
export type { ComposeDraft } from './components/ComposeModal/ComposeModal.js';
export type { ComposeMedia } from './components/ComposeModal/ComposeModal.js';
export { emptyDraft } from './components/ComposeModal/ComposeModal.js';
export { normalizeDraft } from './components/ComposeModal/ComposeModal.js';
export { SCHEDULE_SUBMIT_LABEL } from './components/ComposeModal/ComposeModal.js';
export { composeTools } from './components/ComposeModal/ComposeToolbar.js';
export { GIF_TOOLTIP } from './components/ComposeModal/ComposeToolbar.js';
export type { ComposeTool } from './components/ComposeModal/ComposeToolbar.js';

export { MentionSuggestions } from './components/MentionSuggestions/MentionSuggestions.js';
export { MENTION_SEARCHING_MESSAGE } from './components/MentionSuggestions/MentionSuggestions.js';
export { mentionNoMatchMessage } from './components/MentionSuggestions/MentionSuggestions.js';
export { MENTION_SEARCH_FAILED_MESSAGE } from './components/MentionSuggestions/MentionSuggestions.js';
export type { MentionSuggestionsProps } from './components/MentionSuggestions/MentionSuggestions.js';
export type { MentionCandidate } from './components/MentionSuggestions/MentionSuggestions.js';
export { useMentionAutocomplete } from './components/MentionSuggestions/useMentionAutocomplete.js';
export type { MentionAutocompleteOptions } from './components/MentionSuggestions/useMentionAutocomplete.js';
export type { MentionSuggestionsData } from './components/MentionSuggestions/useMentionAutocomplete.js';
export type { MentionSuggestionsFieldProps } from './components/MentionSuggestions/useMentionAutocomplete.js';

export { EmojiPicker } from './components/EmojiPicker/EmojiPicker.js';
export type { EmojiPickerProps } from './components/EmojiPicker/EmojiPicker.js';

export { PollEditor } from './components/PollEditor/PollEditor.js';
export type { PollEditorProps } from './components/PollEditor/PollEditor.js';
export { newPollDraft } from './components/PollEditor/pollDraft.js';
export { pollDurationLabel } from './components/PollEditor/pollDraft.js';
export type { PollDraft } from './components/PollEditor/pollDraft.js';

export { ContentWarningField } from './components/ContentWarningField/ContentWarningField.js';
export type { ContentWarningFieldProps } from './components/ContentWarningField/ContentWarningField.js';

export { SchedulePicker } from './components/SchedulePicker/SchedulePicker.js';
export { ScheduleSummary } from './components/SchedulePicker/SchedulePicker.js';
export type { SchedulePickerProps } from './components/SchedulePicker/SchedulePicker.js';
export type { ScheduleSummaryProps } from './components/SchedulePicker/SchedulePicker.js';

export { ScheduledWhispList } from './components/ScheduledWhispList/ScheduledWhispList.js';
export { SCHEDULED_EMPTY_TITLE } from './components/ScheduledWhispList/ScheduledWhispList.js';
export type { ScheduledWhispListProps } from './components/ScheduledWhispList/ScheduledWhispList.js';
export type { ScheduledWhispListStatus } from './components/ScheduledWhispList/ScheduledWhispList.js';

export * as Popover from './components/Popover/Popover.js';

export { ProfileHeader } from './components/ProfileHeader/ProfileHeader.js';
export type { ProfileHeaderProps } from './components/ProfileHeader/ProfileHeader.js';
export { RemoteMemberNote } from './components/ProfileHeader/RemoteMemberNote.js';
export { REMOTE_MEMBER_MESSAGES_UNAVAILABLE } from './components/ProfileHeader/RemoteMemberNote.js';
export type { RemoteMemberNoteProps } from './components/ProfileHeader/RemoteMemberNote.js';

export { FollowButton } from './components/FollowButton/FollowButton.js';
export { followStateOf } from './components/FollowButton/FollowButton.js';
export { followLabels } from './components/FollowButton/FollowButton.js';
export type { FollowButtonProps } from './components/FollowButton/FollowButton.js';
export type { FollowState } from './components/FollowButton/FollowButton.js';

export { ProtectedProfileNotice } from './components/ProtectedProfileNotice/ProtectedProfileNotice.js';
export type { ProtectedProfileNoticeProps } from './components/ProtectedProfileNotice/ProtectedProfileNotice.js';

export { FollowRequestItem } from './components/FollowRequestItem/FollowRequestItem.js';
export type { FollowRequestItemProps } from './components/FollowRequestItem/FollowRequestItem.js';
export type { FollowRequestMember } from './components/FollowRequestItem/FollowRequestItem.js';
export type { FollowRequestDecision } from './components/FollowRequestItem/FollowRequestItem.js';

export { FollowRequestList } from './components/FollowRequestList/FollowRequestList.js';
export { FOLLOW_REQUESTS_EMPTY_TITLE } from './components/FollowRequestList/FollowRequestList.js';
export type { FollowRequestListProps } from './components/FollowRequestList/FollowRequestList.js';
export type { FollowRequestListStatus } from './components/FollowRequestList/FollowRequestList.js';

export { BannerRepositioner } from './components/BannerRepositioner/BannerRepositioner.js';
export { clampBannerPosition } from './components/BannerRepositioner/BannerRepositioner.js';
export type { BannerRepositionerProps } from './components/BannerRepositioner/BannerRepositioner.js';
export type { BannerPosition } from './components/BannerRepositioner/BannerRepositioner.js';

export { NotificationItem } from './components/NotificationItem/NotificationItem.js';
export type { NotificationItemProps } from './components/NotificationItem/NotificationItem.js';

export { ChatView } from './components/ChatView/ChatView.js';
export type { ChatViewProps } from './components/ChatView/ChatView.js';
export { ChatThread } from './components/ChatView/ChatThread.js';
export type { ChatThreadProps } from './components/ChatView/ChatThread.js';
export type { ChatMessage } from './components/ChatView/ChatThread.js';
export type { ChatMessageStatus } from './components/ChatView/ChatThread.js';
export { ConversationList } from './components/ChatView/ConversationList.js';
export { ChatComposer } from './components/ChatView/ChatComposer.js';
export type { ChatComposerProps } from './components/ChatView/ChatComposer.js';
export type { ConversationListProps } from './components/ChatView/ConversationList.js';
export { MessagePermissionNotice } from './components/ChatView/MessagePermissionNotice.js';
export type { MessagePermissionNoticeProps } from './components/ChatView/MessagePermissionNotice.js';
export type { MessagePermission } from './components/ChatView/MessagePermissionNotice.js';
export type { MessageRefusalReason } from './components/ChatView/MessagePermissionNotice.js';

export { SideNav } from './components/SideNav/SideNav.js';
export type { SideNavProps } from './components/SideNav/SideNav.js';
export { navigationItems } from './components/SideNav/navigation.js';
export { staffNavigationIds } from './components/SideNav/navigation.js';
export type { NavigationId } from './components/SideNav/navigation.js';
export type { NavigationBadges } from './components/SideNav/navigation.js';

export { MobileBottomBar } from './components/MobileBottomBar/MobileBottomBar.js';
export type { MobileBottomBarProps } from './components/MobileBottomBar/MobileBottomBar.js';

export { TrendsPanel } from './components/TrendsPanel/TrendsPanel.js';
export type { TrendsPanelProps } from './components/TrendsPanel/TrendsPanel.js';

export { WhoToFollowPanel } from './components/WhoToFollowPanel/WhoToFollowPanel.js';
export type { WhoToFollowPanelProps } from './components/WhoToFollowPanel/WhoToFollowPanel.js';

export { Feed } from './components/Feed/Feed.js';
export { FEED_ERROR_MESSAGE } from './components/Feed/Feed.js';
export type { FeedProps } from './components/Feed/Feed.js';
export type { FeedTab } from './components/Feed/Feed.js';
export type { FeedStatus } from './components/Feed/Feed.js';

export { SearchField } from './components/SearchField/SearchField.js';
export type { SearchFieldProps } from './components/SearchField/SearchField.js';

export { AuthCard } from './components/AuthCard/AuthCard.js';
export { validateAuth } from './components/AuthCard/AuthCard.js';
export type { AuthCardProps } from './components/AuthCard/AuthCard.js';
export type { AuthMode } from './components/AuthCard/AuthCard.js';
export type { AuthValues } from './components/AuthCard/AuthCard.js';
export type { AuthFieldErrors } from './components/AuthCard/AuthCard.js';
export type { AuthCardProvider } from './components/AuthCard/AuthCard.js';

export { ProviderSignIn } from './components/ProviderSignIn/ProviderSignIn.js';
export { providerSignInSteps } from './components/ProviderSignIn/ProviderSignIn.js';
export type { ProviderSignInProps } from './components/ProviderSignIn/ProviderSignIn.js';
export type { ProviderSignInStep } from './components/ProviderSignIn/ProviderSignIn.js';

export { CommentDialog } from './components/CommentDialog/CommentDialog.js';
export type { CommentDialogProps } from './components/CommentDialog/CommentDialog.js';

export { EditBioDialog } from './components/EditBioDialog/EditBioDialog.js';
export type { EditBioDialogProps } from './components/EditBioDialog/EditBioDialog.js';

export { SettingsSection } from './components/SettingsSection/SettingsSection.js';
export { SettingsToggle } from './components/SettingsSection/SettingsSection.js';
export { SettingsRow } from './components/SettingsSection/SettingsSection.js';
export type { SettingsSectionProps } from './components/SettingsSection/SettingsSection.js';
export type { SettingsToggleProps } from './components/SettingsSection/SettingsSection.js';
export type { SettingsRowProps } from './components/SettingsSection/SettingsSection.js';

export { MemberList } from './components/MemberList/MemberList.js';
export type { MemberListProps } from './components/MemberList/MemberList.js';
export type { MemberListStatus } from './components/MemberList/MemberList.js';

export { BlockedProfileNotice } from './components/BlockedProfileNotice/BlockedProfileNotice.js';
export type { BlockedProfileNoticeProps } from './components/BlockedProfileNotice/BlockedProfileNotice.js';

export { ReportDialog } from './components/ReportDialog/ReportDialog.js';
export { REPORT_REASON_MISSING_MESSAGE } from './components/ReportDialog/ReportDialog.js';
export type { ReportDialogProps } from './components/ReportDialog/ReportDialog.js';
export type { ReportDialogValues } from './components/ReportDialog/ReportDialog.js';
export type { ReportTargetType } from './components/ReportDialog/ReportDialog.js';

export { MutedWordList } from './components/MutedWordList/MutedWordList.js';
export type { MutedWordListProps } from './components/MutedWordList/MutedWordList.js';
export type { MutedWordListStatus } from './components/MutedWordList/MutedWordList.js';

export { ModerationQueueItem } from './components/ModerationQueueItem/ModerationQueueItem.js';
export type { ModerationQueueItemProps } from './components/ModerationQueueItem/ModerationQueueItem.js';
export type { ModerationResolution } from './components/ModerationQueueItem/ModerationQueueItem.js';

export { ModerationLog } from './components/ModerationLog/ModerationLog.js';
export type { ModerationLogProps } from './components/ModerationLog/ModerationLog.js';
export type { ModerationLogStatus } from './components/ModerationLog/ModerationLog.js';

export { InstanceList } from './components/InstanceList/InstanceList.js';
export { instanceListStatuses } from './components/InstanceList/InstanceList.js';
export type { InstanceListProps } from './components/InstanceList/InstanceList.js';
export type { InstanceListStatus } from './components/InstanceList/InstanceList.js';
export { InstanceRow } from './components/InstanceList/InstanceRow.js';
export type { InstanceRowProps } from './components/InstanceList/InstanceRow.js';
export { InstancePolicyDialog } from './components/InstanceList/InstancePolicyDialog.js';
export type { InstancePolicyChoice } from './components/InstanceList/InstancePolicyDialog.js';
export type { InstancePolicyDialogProps } from './components/InstanceList/InstancePolicyDialog.js';
export { LiftPolicyDialog } from './components/InstanceList/LiftPolicyDialog.js';
export type { LiftPolicyDialogProps } from './components/InstanceList/LiftPolicyDialog.js';
export { INSTANCE_POLICY_EXPLANATIONS } from './components/InstanceList/instancePolicyText.js';
export { INSTANCE_POLICY_LABELS } from './components/InstanceList/instancePolicyText.js';
export { INSTANCES_EMPTY_TITLE } from './components/InstanceList/instancePolicyText.js';
export { INSTANCES_LOAD_FAILED } from './components/InstanceList/instancePolicyText.js';

export { formatBytes } from './format/bytes.js';

export { TransferProgress } from './components/TransferProgress/TransferProgress.js';
export type { TransferProgressProps } from './components/TransferProgress/TransferProgress.js';
export type { TransferState } from './components/TransferProgress/TransferProgress.css.js';

export { SessionList } from './components/SessionList/SessionList.js';
export type { SessionListProps } from './components/SessionList/SessionList.js';
export type { SessionListItem } from './components/SessionList/SessionList.js';
export type { SessionListStatus } from './components/SessionList/SessionList.js';
export type { DeviceKind } from './components/SessionList/SessionList.js';

export { ConnectedAccounts } from './components/ConnectedAccounts/ConnectedAccounts.js';
export { connectedAccountsStatuses } from './components/ConnectedAccounts/ConnectedAccounts.js';
export type { ConnectedAccountsProps } from './components/ConnectedAccounts/ConnectedAccounts.js';
export type { ConnectedAccountsRefusal } from './components/ConnectedAccounts/ConnectedAccounts.js';
export type { ConnectedAccountsStatus } from './components/ConnectedAccounts/ConnectedAccounts.js';

export { ConnectedAppList } from './components/ConnectedAppList/ConnectedAppList.js';
export { connectedAppListStatuses } from './components/ConnectedAppList/ConnectedAppList.js';
export { CONNECTED_APPS_EMPTY_TITLE } from './components/ConnectedAppList/ConnectedAppList.js';
export { CONNECTED_APPS_LOAD_FAILED } from './components/ConnectedAppList/ConnectedAppList.js';
export type { ConnectedAppListProps } from './components/ConnectedAppList/ConnectedAppList.js';
export type { ConnectedAppListStatus } from './components/ConnectedAppList/ConnectedAppList.js';
export { RevokeAppDialog } from './components/ConnectedAppList/RevokeAppDialog.js';
export type { RevokeAppDialogProps } from './components/ConnectedAppList/RevokeAppDialog.js';

export { ConsentCard } from './components/ConsentCard/ConsentCard.js';
export { consentCardStatuses } from './components/ConsentCard/ConsentCard.js';
export { consentDecisions } from './components/ConsentCard/ConsentCard.js';
export { CONSENT_ERROR_TITLE } from './components/ConsentCard/ConsentCard.js';
export type { ConsentCardProps } from './components/ConsentCard/ConsentCard.js';
export type { ConsentCardStatus } from './components/ConsentCard/ConsentCard.js';
export type { ConsentDecision } from './components/ConsentCard/ConsentCard.js';

export { AuthorizationCodeCard } from './components/AuthorizationCodeCard/AuthorizationCodeCard.js';
export { authorizationCodeStatuses } from './components/AuthorizationCodeCard/AuthorizationCodeCard.js';
export { CODE_COPIED_MESSAGE } from './components/AuthorizationCodeCard/AuthorizationCodeCard.js';
export { CODE_COPY_FAILED_MESSAGE } from './components/AuthorizationCodeCard/AuthorizationCodeCard.js';
export type { AuthorizationCodeCardProps } from './components/AuthorizationCodeCard/AuthorizationCodeCard.js';
export type { AuthorizationCodeStatus } from './components/AuthorizationCodeCard/AuthorizationCodeCard.js';

export { DangerZoneDialog } from './components/DangerZoneDialog/DangerZoneDialog.js';
export type {
  ConfirmationKind,
  DangerZoneDialogProps,
} from './components/DangerZoneDialog/DangerZoneDialog.js';

export { BlockConfirmDialog } from './components/BlockConfirmDialog/BlockConfirmDialog.js';
export type { BlockConfirmDialogProps } from './components/BlockConfirmDialog/BlockConfirmDialog.js';

export { PasswordChangeForm } from './components/PasswordChangeForm/PasswordChangeForm.js';
export { validatePasswordChange } from './components/PasswordChangeForm/PasswordChangeForm.js';
export type { PasswordChangeFormProps } from './components/PasswordChangeForm/PasswordChangeForm.js';
export type { PasswordChangeValues } from './components/PasswordChangeForm/PasswordChangeForm.js';
export type { PasswordChangeErrors } from './components/PasswordChangeForm/PasswordChangeForm.js';

export { ResetPasswordForm } from './components/ResetPasswordForm/ResetPasswordForm.js';
export type { ResetPasswordFormProps } from './components/ResetPasswordForm/ResetPasswordForm.js';
export type { ResetPasswordErrors } from './components/ResetPasswordForm/ResetPasswordForm.js';

export { ImportSummary } from './components/ImportSummary/ImportSummary.js';
export type { ImportSummaryProps } from './components/ImportSummary/ImportSummary.js';
export type { ImportSummaryCounts } from './components/ImportSummary/ImportSummary.js';
