// The board's two flag forms (app/routes/scoped/challenges.tsx), in a module of their own: with
// conform and zod they weigh about 36 KiB compressed, which the board loads only when a challenge's
// dialog shows them (components/on-demand.ts, docs/rules.md "The JavaScript budget").
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { Field } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { checkFlagForm, FLAG_FORMAT_MESSAGE, submitFlagForm } from '~/schemas/flag-attempt';

type Reply = SubmissionResult<string[]> | null;

/**
 * Step one, checked in the browser with checkFlagForm before it posts (a blank flag, one not of the
 * format CTF{flag}); `lastResult` is the reply to a check. A submission refused for its flag (step
 * two's `value`) comes back here, its message under the flag.
 */
export function CheckForm({ challengeId, staffNote, replied, lastResult, submittedFlagErrors, busy }: {
  challengeId: number;
  staffNote: string | null;
  replied: boolean;
  lastResult: Reply;
  submittedFlagErrors: string[] | null | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(checkFlagForm, lastResult);
  const errors = fields.flag.errors ?? submittedFlagErrors;
  const t = useT();
  return (
    // No browser pattern or required (noValidate, also without JavaScript): a flag pasted with spaces
    // around it is fine (the schema trims it), and a wrong one gets the product's own message.
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="check" />
      <input type="hidden" name="challenge" value={challengeId} />
      {staffNote ? <p className="text-sm text-slate-600" data-testid="staff-note">{t(staffNote)}</p> : null}
      <Field label={t('Flag')} name="flag" errors={errors}>
        <input id="flag" name="flag" placeholder={t('CTF{flag}')} aria-describedby="flag-format" className="input" autoComplete="off" key={replied ? 'retry' : 'first'} />
      </Field>
      {errors ? null : <p id="flag-format" className="-mt-3 text-xs text-slate-500">{t(FLAG_FORMAT_MESSAGE)}</p>}
      <button type="submit" className="btn-primary" disabled={busy}>{t('Check the flag')}</button>
    </Form>
  );
}

/**
 * Step two: the checked flag rides in a hidden field; the writeup, where the scope asks for one, is
 * checked in the browser with the action's schema (given the chosen file) before it posts.
 */
export function SubmitForm({ challengeId, flag, writeupRequired, lastResult, busy }: { challengeId: number; flag: string; writeupRequired: boolean; lastResult: Reply; busy: boolean }) {
  const schema = useMemo(() => (formData: FormData) => submitFlagForm(formData.get('writeup'), writeupRequired), [writeupRequired]);
  const [form] = useSchemaForm(schema, lastResult, { nativeValidation: true });
  const t = useT();
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" {...getFormProps(form)}>
      <p role="status" className="text-sm font-medium text-green-700">{t(MESSAGES.flagCorrect)}</p>
      <input type="hidden" name="intent" value="submit" />
      <input type="hidden" name="challenge" value={challengeId} />
      <input type="hidden" name="value" value={flag} />
      <Field label={writeupRequired ? t('Writeup') : t('Writeup (optional)')} name="writeup" errors={form.allErrors.writeup}>
        <input id="writeup" name="writeup" type="file" required={writeupRequired} className="input" />
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>{t('Submit')}</button>
    </Form>
  );
}
