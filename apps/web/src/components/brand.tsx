import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { BRAND_LINK_STYLE, BrandMark } from './brand-mark';

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to="/" style={BRAND_LINK_STYLE} aria-label={`${t('app.name')} — ${t('app.home')}`}>
      <BrandMark />
    </Link>
  );
}
