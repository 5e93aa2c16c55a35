import { useMutation } from '@tanstack/react-query';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
  type SupportCategory,
  type SupportPriority,
} from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import {
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '@whisp/api-client/limits';
import { supportMutations } from '@whisp/api-client/react';
import { Button, TextArea, TextField } from '@whisp/ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import * as page from '../../shared/page.css';
import * as styles from './SupportContactRoute.css';

const categoryLabels: Record<SupportCategory, string> = {
  general: 'General question',
  account: 'Account',
  bug: 'Something is broken',
  feature: 'Feature idea',
  safety: 'Safety',
  other: 'Other',
};

/** The contact-support form (POST /api/support) and its 24–48 hour promise. */
export default function SupportContactRoute() {
  useDocumentTitle('Contact support');
  const [params] = useSearchParams();
  const initialCategory = SUPPORT_CATEGORIES.find((c) => c === params.get('category')) ?? 'general';
  const [category, setCategory] = useState<SupportCategory>(initialCategory);
  const [priority, setPriority] = useState<SupportPriority>('medium');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [includeSystemInfo, setIncludeSystemInfo] = useState(true);
  const [problem, setProblem] = useState<string>();
  const submit = useMutation(supportMutations.submit(client));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (!subject.trim() || !description.trim()) {
      setProblem(ERRORS.missingFields.message);
      return;
    }
    submit.mutate(
      {
        category,
        priority,
        subject: subject.trim(),
        description: description.trim(),
        include_system_info: includeSystemInfo,
        system_info: includeSystemInfo
          ? {
              userAgent: navigator.userAgent,
              language: navigator.language,
              screen: `${window.screen.width}x${window.screen.height}`,
              url: window.location.href,
            }
          : undefined,
      },
      { onError: () => setProblem('Failed to submit support request. Please try again.') },
    );
  };

  if (submit.isSuccess) {
    return (
      <>
        <PageHeader title="Contact support" back />
        <div className={page.prose} role="status">
          <h2>Thanks, we got your request</h2>
          <p>
            Our support team will reply by email within 24-48 hours. Your request number is{' '}
            <strong>{submit.data.id}</strong>.
          </p>
          <p>
            <Link to="/help">Back to the help center</Link>
          </p>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Contact support" back />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={page.muted}>
          Tell us what happened and we will reply by email within 24-48 hours. Fields marked * are
          required.
        </p>
        <label className={styles.field}>
          Category
          <select
            className={styles.select}
            value={category}
            onChange={(e) => setCategory(e.target.value as SupportCategory)}
          >
            {SUPPORT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {categoryLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Priority
          <select
            className={styles.select}
            value={priority}
            onChange={(e) => setPriority(e.target.value as SupportPriority)}
          >
            {SUPPORT_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {value[0]?.toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Subject *"
          value={subject}
          maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextArea
          label="Description *"
          value={description}
          maxLength={SUPPORT_DESCRIPTION_MAX_LENGTH}
          rows={6}
          onChange={(e) => setDescription(e.target.value)}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={includeSystemInfo}
            onChange={(e) => setIncludeSystemInfo(e.target.checked)}
          />
          Include system information (browser, language, screen size) to help us reproduce it
        </label>
        {problem ? (
          <p role="alert" className={styles.error}>
            {problem}
          </p>
        ) : null}
        <Button type="submit" loading={submit.isPending}>
          Send request
        </Button>
      </form>
    </>
  );
}
