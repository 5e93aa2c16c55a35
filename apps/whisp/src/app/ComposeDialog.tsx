import { ComposeModal, type ComposeModalProps } from '@whisp/ui';
import { useMentionSuggestions } from './mentions/useMentionSuggestions';

/**
 * The 'New Whisp' dialog with every built-in tool (media, GIF, poll, emoji, content warning,
 * schedule) and mention suggestions; its state lives in ComposeProvider. A module of its own so
 * that the dialog's code loads after the first screen (ComposeProvider imports it lazily).
 */
export default function ComposeDialog(props: ComposeModalProps) {
  const mentions = useMentionSuggestions();
  return (
    <ComposeModal
      {...props}
      mentionSuggestions={mentions.suggestions}
      onMentionQueryChange={mentions.onQueryChange}
    />
  );
}
