import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CustomersList } from '../../../features/customers/customers-list';
import { useTranslation } from '../../../lib/i18n';

/** `/customers`: the organisation's customers, one per person, across events. */
export default function CustomersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader route="/customers">
        <Group>
          <Anchor component={Link} to="/customers/list" size="sm">
            {t('customers.toLists')}
          </Anchor>
        </Group>
      </PageHeader>
      <CustomersList />
    </>
  );
}
