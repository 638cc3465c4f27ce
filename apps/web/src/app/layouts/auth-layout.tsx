import { Outlet } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { Brand } from '../../components/brand';
import { LanguageSelect } from '../../components/language-select';
import { useChangeLanguage } from '../components/use-change-language';

/** Organisation creation, terms, invitations (the sign-in and buyer pages have their own light start-ups). */
export default function AuthLayout() {
  const { change } = useChangeLanguage();
  return (
    <AuthFrame brand={<Brand />} language={<LanguageSelect onChange={(locale) => void change(locale)} />}>
      <Outlet />
    </AuthFrame>
  );
}
