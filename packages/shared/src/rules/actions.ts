import { WRITE_ACTION_WORDS } from '../constants';

/** §5: an action whose name contains create, edit, delete, generate, export, save or publish needs login. */
export function actionNeedsLogin(actionName: string): boolean {
  const lower = actionName.toLowerCase();
  return WRITE_ACTION_WORDS.some((w) => lower.includes(w));
}
