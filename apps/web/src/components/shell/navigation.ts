import {
  type Icon,
  IconBolt,
  IconChartBar,
  IconCreditCard,
  IconFolders,
  IconHistory,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconMicrophone2,
  IconMusic,
  IconPalette,
  IconUserCircle,
  IconUserSquareRounded,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to:
    | '/'
    | '/chat'
    | '/projects'
    | '/quick-create'
    | '/analytics'
    | '/voice-studio'
    | '/avatar-studio'
    | '/music-studio'
    | '/style-transfer'
    | '/history'
    | '/payments'
    | '/profile';
  icon: Icon;
}

export interface NavGroup {
  id: 'main' | 'advanced' | 'further';
  label: string;
  items: readonly NavItem[];
}

/** §2: the header's main links; the desktop header shows exactly these five. */
export const MAIN_LINKS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard },
  { label: 'AI Chat', to: '/chat', icon: IconMessageChatbot },
  { label: 'Projects', to: '/projects', icon: IconFolders },
  { label: 'Quick Create', to: '/quick-create', icon: IconBolt },
  { label: 'Analytics', to: '/analytics', icon: IconChartBar },
];

/** §2: advanced links (studios). */
export const ADVANCED_LINKS: readonly NavItem[] = [
  { label: 'Voice Studio', to: '/voice-studio', icon: IconMicrophone2 },
  { label: 'Avatar Studio', to: '/avatar-studio', icon: IconUserSquareRounded },
  { label: 'Music Studio', to: '/music-studio', icon: IconMusic },
  { label: 'Style Transfer', to: '/style-transfer', icon: IconPalette },
];

/** §2: further links. */
export const FURTHER_LINKS: readonly NavItem[] = [
  { label: 'History', to: '/history', icon: IconHistory },
  { label: 'Payments', to: '/payments', icon: IconCreditCard },
  { label: 'Profile', to: '/profile', icon: IconUserCircle },
];

/** The mobile menu shows every group. */
export const NAV_GROUPS: readonly NavGroup[] = [
  { id: 'main', label: 'Main', items: MAIN_LINKS },
  { id: 'advanced', label: 'Advanced', items: ADVANCED_LINKS },
  { id: 'further', label: 'More', items: FURTHER_LINKS },
];

/** '/' is active only on the dashboard itself; other links also cover their sub-routes (/chat/123). */
export function isNavItemActive(to: NavItem['to'], pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
