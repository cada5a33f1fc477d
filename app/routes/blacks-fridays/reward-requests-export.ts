// GET /blacks-fridays/{processed,unprocessed}-reward-requests/export?format=csv|xlsx: a tab of the
// reward requests as a file (docs/rules.md "Exports"), staff only like the page: every request of
// the tab, newest first.
import { listRewardRequests, type RewardRequestRow } from '~/domain/reward-requests.server';
import { requireStaffPage } from '~/lib/auth.server';
import { EXPORT_PAGE } from '~/lib/pagination';
import { exportFormat, exportRows, type ExportColumn } from '~/lib/table-export.server';
import { isProcessedTab, listPageUrl } from '../list-filters';
import type { Route } from './+types/reward-requests-export';

const STATES: Record<string, string> = { pending: 'Pending', validated: 'Validated', dismissed: 'Dismissed' };

const COLUMNS: ExportColumn<RewardRequestRow>[] = [
  { header: 'Requested (UTC)', value: (r) => r.createdAt },
  { header: 'Player', value: (r) => r.player.username },
  { header: 'Reward', value: (r) => r.reward.title },
  { header: 'CTF certification', value: (r) => (r.reward.isCtfCertificationReward ? 'Yes' : 'No') },
  // The price paid, which a later change of the reward's price does not move.
  { header: 'Coin', value: (r) => r.coin },
  { header: 'State', value: (r) => STATES[r.status] ?? r.status },
  { header: 'Processed (UTC)', value: (r) => r.processedAt },
  { header: 'Processed by', value: (r) => r.processedBy?.username },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const format = exportFormat(new URL(request.url).searchParams.get('format'));
  const processed = isProcessedTab(listPageUrl(request.url).pathname);
  const list = await listRewardRequests(user, { processed, ...EXPORT_PAGE });
  return exportRows({ name: `reward-requests-${processed ? 'processed' : 'unprocessed'}`, title: 'Reward requests', columns: COLUMNS, rows: list.results, format });
}
