import { OAUTH_NATIVE_ERRORS } from '@whisp/api-client/contract/connected-apps';
import { AuthorizationCodeCard, type AuthorizationCodeStatus } from '@whisp/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import * as styles from './OauthRoute.css';
import { outOfBandAppName } from './outOfBandApp';

const pageTitles: Record<AuthorizationCodeStatus, string> = {
  code: 'Your authorization code',
  expired: 'Authorization ended',
  denied: 'Access denied',
};

/**
 * OAUTH_NATIVE_PATH, where the server sends an app without an address of its own: the code to
 * copy into the app (`?code=`), or why there is none (`?error=`: used or expired, or denied).
 */
export function AuthorizationCodePage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const status: AuthorizationCodeStatus = code
    ? 'code'
    : params.get('error') === OAUTH_NATIVE_ERRORS.denied
      ? 'denied'
      : 'expired';
  const [appName] = useState(outOfBandAppName);
  useDocumentTitle(pageTitles[status]);
  return (
    <main className={styles.page}>
      <AuthorizationCodeCard status={status} code={code} appName={appName} homeHref="/" />
    </main>
  );
}
