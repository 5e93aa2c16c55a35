import { Tabs } from '@whisp/ui';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { RequireStaff } from '../../app/guards';
import { PageHeader } from '../../shared/PageHeader';
import { InstancesPanel } from './InstancesPanel';
import { ModerationLogPanel } from './ModerationLogPanel';
import { ReportQueue } from './ReportQueue';

const tabs = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
  ['log', 'Log'],
  ['servers', 'Servers'],
] as const;
type ModerationTab = (typeof tabs)[number][0];
const isTab = (value: string | null): value is ModerationTab => tabs.some(([id]) => id === value);

/**
 * /moderation, for moderators and admins: open reports oldest first, resolved ones, the log, and
 * the other servers with their policies.
 */
export default function ModerationRoute() {
  useDocumentTitle('Moderation');
  return (
    <RequireStaff>
      <Moderation />
    </RequireStaff>
  );
}

function Moderation() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // The tab lives in the address, so a moderator can share or reload it.
  const tab: ModerationTab = isTab(requested) ? requested : 'open';
  return (
    <>
      <PageHeader title="Moderation" />
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'open' ? {} : { tab: value }, { replace: true })
        }
      >
        <Tabs.List aria-label="Moderation">
          {tabs.map(([id, label]) => (
            <Tabs.Trigger key={id} value={id}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="open">
          <ReportQueue status="open" />
        </Tabs.Content>
        <Tabs.Content value="resolved">
          <ReportQueue status="resolved" />
        </Tabs.Content>
        <Tabs.Content value="log">
          <ModerationLogPanel />
        </Tabs.Content>
        <Tabs.Content value="servers">
          <InstancesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
