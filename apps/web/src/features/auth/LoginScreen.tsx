import { useEffect, useState } from 'react';
import { PageLoader } from '../../components/feedback/PageLoader';
import { useAuth } from '../../lib/auth/useAuth';
import type { LoginTab } from '../../lib/loginPrompt';
import { LoginForm } from './LoginForm';
import { useAfterLogin } from './useAfterLogin';

interface AuthFormScreenProps {
  initialTab: LoginTab;
}

/** /login and /register: the same form as the popup, inside the auth layout's card. */
function AuthFormScreen({ initialTab }: AuthFormScreenProps) {
  const { isAuthenticated } = useAuth();
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const afterLogin = useAfterLogin();

  // Signed in already (or the start-up refresh just succeeded): go where the visitor was heading.
  useEffect(() => {
    if (isAuthenticated) afterLogin();
  }, [isAuthenticated, afterLogin]);

  if (isAuthenticated) return <PageLoader label="Signing you in" />;
  return <LoginForm tab={tab} onTabChange={setTab} onSuccess={afterLogin} />;
}

/** /login?redirect=… — the redirect is read from the URL by useAfterLogin. */
export function LoginScreen() {
  return <AuthFormScreen initialTab="login" />;
}

export function RegisterScreen() {
  return <AuthFormScreen initialTab="register" />;
}
