// GET /practices/users/export?format=csv|xlsx[&q=]: the superuser's learners list as a file
// (docs/rules.md "Exports"): the page's search, every page of it. Others are sent home, as from
// every page above their role. The columns carry the import's names (username, fullname, email,
// gender, country), so an exported file, edited, can be imported again.
import { exportLearners, type LearnerRow } from '~/domain/learners.server';
import { requireSuperuserPage } from '~/lib/auth.server';
import { exportFormat, exportRows, type ExportColumn } from '~/lib/table-export.server';
import { learnerFilters, listPageUrl } from '../list-filters';
import type { Route } from './+types/users-export';

const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

const COLUMNS: ExportColumn<LearnerRow>[] = [
  { header: 'id', value: (r) => r.user.id },
  { header: 'username', value: (r) => r.user.username },
  { header: 'fullname', value: (r) => r.user.private?.fullname },
  { header: 'email', value: (r) => r.user.private?.email },
  { header: 'gender', value: (r) => r.user.private?.gender },
  { header: 'country', value: (r) => r.user.country },
  { header: 'type', value: (r) => r.user.type },
  { header: 'is_active', value: (r) => yesNo(r.user.private?.isActive) },
  { header: 'is_validated', value: (r) => yesNo(r.user.private?.isValidated) },
  { header: 'total_points', value: (r) => r.totalPoints },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSuperuserPage(request, context);
  const format = exportFormat(new URL(request.url).searchParams.get('format'));
  const { search } = learnerFilters(listPageUrl(request.url).searchParams);
  const list = await exportLearners(user, { search });
  return exportRows({ name: 'learners', title: 'Learners', columns: COLUMNS, rows: list.results, format });
}
