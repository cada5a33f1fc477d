// The cards and dialogs shared by the catalogue and the type pages.
import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { EventCard, type CardButtons, type CardEvent } from '~/components/event-card';
import { EmptyState } from '~/components/field';
import { useT } from '~/lib/i18n';
import { lastPage, PAGE_SIZE } from '~/lib/pagination';

/** The cards of one page; an empty page past the last one says where the list ends (docs/rules.md "Errors"). */
export function EventGrid({ cards, count, page }: { cards: { event: CardEvent; buttons: CardButtons }[]; count: number; page: number }) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  if (!cards.length) return count > 0 ? <EmptyState text={t('There is no page {{page}}: the list ends at page {{last}}.', { page, last: lastPage(count, PAGE_SIZE.events) })} /> : <EmptyState />;
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((c) => <EventCard key={c.event.id} event={c.event} buttons={c.buttons} busy={busy} />)}
    </div>
  );
}

type Dialog = { kind: 'training'; message: string } | { kind: 'delete'; id: number; name: string } | { kind: 'missing'; message: string } | null;

export function EventDialogs({ dialog, closeTo }: { dialog: Dialog; closeTo: string }) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  if (!dialog) return null;
  if (dialog.kind === 'training') {
    return (
      <UrlDialog title={t('Training only')} closeTo={closeTo}>
        <p className="mb-6 text-sm text-slate-700" data-testid="training-only">{t(dialog.message)}</p>
        <div className="flex justify-end"><Link to={closeTo} className="btn-secondary" preventScrollReset>OK</Link></div>
      </UrlDialog>
    );
  }
  if (dialog.kind === 'missing') {
    return (
      <UrlDialog title={t('Delete event')} closeTo={closeTo}>
        <p className="text-sm text-slate-700">{t(dialog.message)}</p>
      </UrlDialog>
    );
  }
  return (
    <UrlDialog title={t('Delete event')} closeTo={closeTo}>
      <Form method="post">
        <input type="hidden" name="id" value={dialog.id} />
        <input type="hidden" name="intent" value="delete" />
        <p className="mb-6 text-sm text-slate-700">
          {t('Are you sure you want to delete the event “{{name}}”? Its challenges, submissions, teams and their files are deleted with it. This cannot be undone.', { name: dialog.name })}
        </p>
        <DialogActions cancelTo={closeTo} label={t('Delete')} danger busy={busy} />
      </Form>
    </UrlDialog>
  );
}
