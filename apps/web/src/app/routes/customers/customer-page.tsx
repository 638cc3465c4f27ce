import { useParams } from 'react-router';
import { DetailLoadState } from '../../../components/detail-load-state';
import { PageHeader } from '../../../components/page-header';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerDetailView } from '../../../features/customers/customer-detail';
import { useTranslation } from '../../../lib/i18n';

/** `/customers/:id`: one customer; a merged record's old address shows the kept one. */
export default function CustomerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const waiting = (
    <DetailLoadState
      route="/customers/:id"
      query={customer}
      notFound={t('customers.detail.notFound')}
      back={{ to: '/customers', label: t('customers.detail.back') }}
    />
  );
  if (!customer.data) return waiting;
  return (
    <>
      <PageHeader route="/customers/:id" title={customer.data.name} />
      <CustomerDetailView customer={customer.data} />
    </>
  );
}
