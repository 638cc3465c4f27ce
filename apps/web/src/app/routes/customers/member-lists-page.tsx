import { PageHeader } from '../../../components/page-header';
import { MemberListsView } from '../../../features/customers/member-lists-view';

/** `/customers/list`: member lists, made with the create-member-list modal. */
export default function MemberListsPage() {
  return (
    <>
      <PageHeader route="/customers/list" />
      <MemberListsView />
    </>
  );
}
