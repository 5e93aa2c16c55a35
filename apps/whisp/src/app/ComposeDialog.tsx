import { ComposeModal, type ComposeModalProps } from '@whisp/ui';

/**
 * The 'New Whisp' dialog with every built-in tool (media, GIF, poll, emoji, content warning,
 * schedule); its state lives in ComposeProvider. A module of its own so that the dialog's code
 * loads after the first screen (ComposeProvider imports it lazily).
 */
export default function ComposeDialog(props: ComposeModalProps) {
  return <ComposeModal {...props} />;
}
