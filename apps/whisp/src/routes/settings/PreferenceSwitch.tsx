import type { Preferences, PreferencesChanges } from '@whisp/api-client';
import { useUpdatePreferences } from '@whisp/api-client/react';
import { SettingsToggle, useToast } from '@whisp/ui';
import { SAVE_FAILED } from './preferenceLabels';

interface PreferenceSwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  /** The PATCH body for the new value: `{ read_receipts: false }`, `{ notifications: { like } }`. */
  changesFor: (checked: boolean) => PreferencesChanges;
}

/**
 * One server-kept switch. It moves at once (the `me` query changes optimistically), says so
 * quietly, and goes back with an error toast if the save fails. Each switch holds its own
 * mutation: a mutation's per-call callbacks fire only for its latest call, so two switches
 * flipped quickly through one shared mutation would lose the first one's toasts.
 */
export function PreferenceSwitch({ label, hint, checked, changesFor }: PreferenceSwitchProps) {
  const { toast } = useToast();
  const update = useUpdatePreferences();
  return (
    <SettingsToggle
      label={label}
      hint={hint}
      checked={checked}
      onCheckedChange={(next) =>
        update.mutate(changesFor(next), {
          onSuccess: () => toast(`${label} ${next ? 'on' : 'off'}`),
          onError: () => toast(SAVE_FAILED, { variant: 'error' }),
        })
      }
    />
  );
}

export type BooleanPreference = {
  [Key in keyof Preferences]: Preferences[Key] extends boolean ? Key : never;
}[keyof Preferences];
