import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Field, FormErrors } from '~/components/field';
import { MarkdownEditor } from '~/components/markdown-editor';
import { useSchemaForm } from '~/components/use-schema-form';
import { createAdminNotification, eventChoices } from '~/domain/notifications.server';
import { requireStaffPage } from '~/lib/auth.server';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { redirectWithFlash } from '~/lib/session.server';
import { NOTIFICATION_MESSAGES, notificationSchema, TITLE_MAX } from '~/schemas/notification';
import type { Route } from './+types/create';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('New notification')} · CTF Arena` }];
};

/** /notifications/admin/create (staff; learners go home, anonymous visitors to /login). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  return { events: await eventChoices(user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const outcome = await handleForm(request, notificationSchema, (input) => createAdminNotification(user, input));
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, '/notifications/admin', { type: 'success', text: NOTIFICATION_MESSAGES.sent });
}

export default function CreateNotification() {
  const { events } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The rich-text editor keeps the description in a hidden input of the same name: it is checked too.
  const [form, fields] = useSchemaForm(notificationSchema, result?.result);
  const typed = result?.result.initialValue ?? {};
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('New notification')}</h1>
      <Form method="post" {...getFormProps(form)} className="card" aria-label={t('Notification')}>
        <FormErrors errors={form.errors} />
        <Field label={t('Title')} name="title" errors={fields.title.errors}>
          <input id="title" name="title" type="text" required={fields.title.required} maxLength={TITLE_MAX} defaultValue={String(typed.title ?? '')} className="input" />
        </Field>
        <MarkdownEditor id="description" name="description" label={t('Description')} defaultValue={String(typed.description ?? '')} errors={fields.description.errors} required={fields.description.required} />
        <Field label={t('Receiving event (optional: only its registered players and team members get it)')} name="event" errors={fields.event.errors}>
          <select id="event" name="event" defaultValue={String(typed.event ?? '')} className="input">
            <option value="">{t('Everyone')}</option>
            {events.map((e) => <option key={e.id} value={e.id}>{e.name}</option>)}
          </select>
        </Field>
        <div className="flex justify-end gap-2">
          <Link to="/notifications/admin" className="btn-secondary">{t('Cancel')}</Link>
          <button type="submit" className="btn-primary" disabled={busy}>{t('Send')}</button>
        </div>
      </Form>
    </div>
  );
}
