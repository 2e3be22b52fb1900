import { Modal, Text, Title } from '@mantine/core';
import { closeLoginModal, setLoginTab, useLoginModal } from '../../lib/loginPrompt';
import { LoginForm } from './LoginForm';
import { useAfterLogin } from './useAfterLogin';

/** The login popup (§2); LoginModal loads this chunk the first time the popup opens. */
export default function LoginModalDialog() {
  const { opened, tab } = useLoginModal();
  const afterLogin = useAfterLogin();
  return (
    <Modal
      opened={opened}
      onClose={closeLoginModal}
      size={440}
      padding="xl"
      zIndex={400}
      title={
        <div>
          <Title order={3} component="span" display="block">
            {tab === 'register' ? 'Create your Atelier account' : 'Welcome back'}
          </Title>
          <Text size="sm" c="dimmed">
            {tab === 'register' ? 'Start creating and saving your work.' : 'Log in to create and save your work.'}
          </Text>
        </div>
      }
      data-testid="login-modal"
    >
      <LoginForm
        tab={tab}
        onTabChange={setLoginTab}
        onNavigateAway={closeLoginModal}
        onSuccess={() => {
          closeLoginModal();
          afterLogin();
        }}
      />
    </Modal>
  );
}
