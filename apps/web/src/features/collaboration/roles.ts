export type Role = 'viewer' | 'editor';
export type ProjectRole = 'owner' | Role;

export const ROLE_META: Record<ProjectRole, { label: string; article: string; color: string; description: string }> = {
  owner: {
    label: 'Owner',
    article: 'the owner',
    color: 'grape',
    description: 'Can do everything, including deleting the project and managing members.',
  },
  editor: { label: 'Editor', article: 'an editor', color: 'blue', description: 'Can edit and generate (charged to their own credits).' },
  viewer: { label: 'Viewer', article: 'a viewer', color: 'gray', description: 'Can look at everything, but not change it.' },
};
