import { useMatches } from 'react-router';
import { isRouteHandle } from '../../../lib/route-meta';
import CustomerPage from './customer-page';
import CustomersPage from './customers-page';
import MemberListsPage from './member-lists-page';

/**
 * The three customers pages in one chunk, chosen by the route that matched: a customer manager moves
 * between them, and one lazy import in the route table costs the app shell less than three.
 */
export default function CustomersSectionPage() {
  const route = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle)?.route;
  if (route === '/customers/list') return <MemberListsPage />;
  if (route === '/customers/:id') return <CustomerPage />;
  return <CustomersPage />;
}
