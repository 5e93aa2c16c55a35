import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { accountMutations, useWhispClient } from '@whisp/api-client/react';
import { type PasswordChangeErrors, PasswordChangeForm, SettingsSection } from '@whisp/ui';
import { useState } from 'react';
import { useCurrentUser } from '../../app/SessionProvider';
import * as styles from './SettingsRoute.css';

const serverFields: Record<string, keyof PasswordChangeErrors> = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
};

/**
 * Change password: the member's other sessions end, this one stays. A member who signed up with
 * another account and has no password sets one here, without a current one.
 */
export function PasswordSection() {
  const { has_password: hasPassword } = useCurrentUser();
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const change = useMutation(accountMutations.changePassword(client, queryClient));
  const [fieldErrors, setFieldErrors] = useState<PasswordChangeErrors>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  // A new key after a change empties the three fields.
  const [formKey, setFormKey] = useState(0);

  return (
    <SettingsSection
      title={hasPassword ? 'Password' : 'Set a password'}
      description={
        hasPassword
          ? 'Changing it signs you out everywhere else; this device stays signed in.'
          : 'You sign in with another account. A password is one more way in; setting it signs you out everywhere else, and this device stays signed in.'
      }
    >
      <div className={styles.sectionBody}>
        <PasswordChangeForm
          // A new form when the password is set: the first one is asked for from then on.
          key={`${formKey}-${hasPassword}`}
          hasPassword={hasPassword}
          submitting={change.isPending}
          error={error}
          fieldErrors={fieldErrors}
          notice={notice}
          onSubmit={({ currentPassword, newPassword }) => {
            setError(undefined);
            setNotice(undefined);
            change.mutate(
              hasPassword
                ? { current_password: currentPassword, new_password: newPassword }
                : { new_password: newPassword },
              {
                onSuccess: ({ message }) => {
                  setFieldErrors(undefined);
                  setNotice(message);
                  setFormKey((key) => key + 1);
                },
                onError: (reason) => {
                  if (isApiError(reason) && reason.code === ERRORS.wrongPassword.code) {
                    setFieldErrors({ currentPassword: reason.message });
                    return;
                  }
                  const fields: PasswordChangeErrors = {};
                  for (const detail of (isApiError(reason) && reason.details) || []) {
                    const field = detail.field ? serverFields[detail.field] : undefined;
                    if (field) fields[field] = detail.message;
                  }
                  if (Object.keys(fields).length > 0) setFieldErrors(fields);
                  else setError(reason.message);
                },
              },
            );
          }}
        />
      </div>
    </SettingsSection>
  );
}
