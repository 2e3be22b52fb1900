import { lazy, Suspense, useState } from 'react';
import { useLoginModal } from '../../lib/loginPrompt';

// The form, its validation and the modal load the first time the popup opens (not on every first load).
const LoginModalDialog = lazy(() => import('./LoginModalDialog'));

/** The login popup (§2): opened by the Login buttons, the guest banner and the guest guard. */
export function LoginModal() {
  const { opened } = useLoginModal();
  // Once loaded it stays mounted, so closing animates like any Mantine modal.
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModalDialog />
    </Suspense>
  );
}
