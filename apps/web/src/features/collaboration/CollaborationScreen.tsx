import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /collaboration — people you share projects with. */
export function CollaborationScreen() {
  return (
    <StandardScreen
      eyebrow="Team"
      title="Collaboration"
      description="Invite people to your projects by e-mail and choose what each of them may do."
      empty={{
        icon: <IconUsersGroup size={26} stroke={1.6} />,
        title: 'No collaborators yet',
        description: 'Invite someone to a project and they appear here with their role.',
        actions: (
          <GuardedButton action="editCollaborators" leftSection={<IconUserPlus size={16} aria-hidden />}>
            Invite collaborator
          </GuardedButton>
        ),
      }}
    />
  );
}
