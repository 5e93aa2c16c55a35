import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { accountMutations, useWhispClient } from '@whisp/api-client/react';
import { type PasswordChangeErrors, PasswordChangeForm, SettingsSection } from '@whisp/ui';
import { useState } from 'react';
import * as styles from './SettingsRoute.css';

const serverFields: Record<string, keyof PasswordChangeErrors> = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
};

/** Change password: the member's other sessions end, this one stays. */
export function PasswordSection() {
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
      title="Password"
      description="Changing it signs you out everywhere else; this device stays signed in."
    >
      <div className={styles.sectionBody}>
        <PasswordChangeForm
          key={formKey}
          submitting={change.isPending}
          error={error}
          fieldErrors={fieldErrors}
          notice={notice}
          onSubmit={({ currentPassword, newPassword }) => {
            setError(undefined);
            setNotice(undefined);
            change.mutate(
              { current_password: currentPassword, new_password: newPassword },
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
