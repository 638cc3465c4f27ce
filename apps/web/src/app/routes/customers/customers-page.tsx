import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CustomersList } from '../../../features/customers/customers-list';
import { useCustomersTranslation as useTranslation } from '../../../features/customers/i18n';

/** `/customers`: the organisation's customers, one per person, across events. */
export default function CustomersPage() {
  const { t } = useTranslation();
  // The list's filters are in the address: a mailing to "these customers" takes them along.
  const { search } = useLocation();
  return (
    <>
      <PageHeader route="/customers">
        <Group>
          <Anchor component={Link} to="/customers/list" size="sm">
            {t('customers.toLists')}
          </Anchor>
          <Anchor component={Link} to="/customers/mailings" size="sm">
            {t('customers.toMailings')}
          </Anchor>
          <Anchor component={Link} to={`/customers/mailings/new${search}`} size="sm">
            {t('customers.mailThese')}
          </Anchor>
        </Group>
      </PageHeader>
      <CustomersList />
    </>
  );
}
