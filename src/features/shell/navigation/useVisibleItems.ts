import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectPermissions, selectRoles, selectUserType } from '../../../../machines/auth.selectors.ts';
import { useAuthActor } from '../../viewRuntime.tsx';
import type { NavItem } from './config.ts';
import { visibleItems } from './filter.ts';

/** The part of `tree` the player may see, by their roles, permissions and user type (SPEC §6). */
export function useVisibleItems(tree: readonly NavItem[]): NavItem[] {
  const auth = useAuthActor();
  const roles = useSelector(auth, selectRoles);
  const permissions = useSelector(auth, selectPermissions);
  const type = useSelector(auth, selectUserType);
  return useMemo(() => visibleItems(tree, { roles, permissions, type }), [tree, roles, permissions, type]);
}
