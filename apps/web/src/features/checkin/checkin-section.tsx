import type { EventDetail } from '@guichet/shared/events';
import { useHeadcountStream } from './api/headcount-stream';
import { ConflictInbox } from './conflict-inbox';
import { HeadcountPanel } from './headcount-panel';
import { ListsSection } from './lists-section';
import { RecentCheckins } from './recent-checkins';

/**
 * The event's check-in on its page: the live headcount, the check-in lists, the conflict inbox and the
 * recent scans with undo. Loaded on its own (React.lazy) so the event page's chunk stays small; one stream
 * per page keeps the headcount, the log and the conflicts current.
 */
export default function CheckinSection({ event }: { event: EventDetail }) {
  const status = useHeadcountStream(event.id);
  return (
    <>
      <HeadcountPanel event={event} status={status} />
      <ListsSection event={event} />
      <ConflictInbox event={event} />
      <RecentCheckins event={event} />
    </>
  );
}
