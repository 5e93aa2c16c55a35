import { authorizationQueryFrom, isApiError, joinUrl } from '@whisp/api-client';
import {
  OAUTH_AUTHORIZE_PATH,
  OAUTH_TICKET_FIELD,
} from '@whisp/api-client/contract/connected-apps';
import {
  useDecideAuthorization,
  useOauthAuthorization,
  useWhispClient,
} from '@whisp/api-client/react';
import { CONSENT_ERROR_TITLE, ConsentCard, type ConsentDecision } from '@whisp/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useCurrentUser } from '../../app/SessionProvider';
import * as styles from './OauthRoute.css';
import { rememberOutOfBandApp } from './outOfBandApp';

/** A refusal of the request itself (400 OAUTH_…) will be the same however often it is asked. */
const refused = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * OAUTH_AUTHORIZE_PATH, where a Mastodon app sends the member: what the app asks, then the
 * member's decision, which the server answers with a one-use ticket. The ticket goes to the
 * server in a real form, whose answer is a redirect the browser follows to the app (an app sees
 * only real redirects, and no token of the member's ever sits in a form or an address).
 */
export function AuthorizeAppPage() {
  const client = useWhispClient();
  const me = useCurrentUser();
  const { search } = useLocation();
  const query = useMemo(() => authorizationQueryFrom(search), [search]);
  const authorization = useOauthAuthorization(query);
  const decide = useDecideAuthorization();
  const [ticket, setTicket] = useState<{ value: string; decision: ConsentDecision }>();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (ticket) form.current?.submit();
  }, [ticket]);
  // Back from the app to this page as the browser kept it: the ticket is spent, ask again.
  const { reset } = decide;
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setTicket(undefined);
      reset();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [reset]);

  const request = authorization.data;
  useDocumentTitle(
    authorization.isError
      ? CONSENT_ERROR_TITLE
      : request
        ? `Authorize ${request.app.name}`
        : 'Authorize an app',
  );

  const choose = (decision: ConsentDecision) =>
    decide.mutate(
      { ...query, decision },
      {
        onSuccess: (answer) => {
          if (request?.out_of_band && decision === 'approve') {
            rememberOutOfBandApp(request.app.name);
          }
          setTicket({ value: answer.ticket, decision });
        },
      },
    );

  return (
    <main className={styles.page}>
      <ConsentCard
        status={authorization.isPending ? 'loading' : authorization.isError ? 'error' : 'ready'}
        request={request}
        username={me.username}
        error={authorization.error?.message}
        onRetry={
          authorization.isError && !refused(authorization.error)
            ? () => void authorization.refetch()
            : undefined
        }
        // Still waiting once the ticket is there: the browser is on its way to the app.
        pending={ticket?.decision ?? (decide.isPending ? decide.variables.decision : undefined)}
        decisionError={decide.error?.message}
        onAuthorize={() => choose('approve')}
        onDeny={() => choose('deny')}
      />
      {ticket ? (
        // On the API's host, the page's own when the client's base URL is empty.
        <form
          ref={form}
          method="post"
          action={joinUrl(client.baseUrl, OAUTH_AUTHORIZE_PATH)}
          hidden
        >
          <input type="hidden" name={OAUTH_TICKET_FIELD} value={ticket.value} />
        </form>
      ) : null}
    </main>
  );
}
