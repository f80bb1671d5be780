import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useAuthActor } from '../../viewRuntime.tsx';
import { selectUser } from '../../../../machines/auth.selectors.ts';

/** The side panel's player card: username, first and last name (SPEC §2). */
export function UserPanel() {
  const user = useSelector(useAuthActor(), selectUser);
  if (!user) return null;
  const initials = `${user.name.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || user.username.charAt(0).toUpperCase();
  return (
    <Root data-testid="user-panel">
      <Avatar aria-hidden="true">{initials}</Avatar>
      <Who data-part="label">
        <Name data-testid="user-fullname">{`${user.name} ${user.lastname}`.trim()}</Name>
        <Username data-testid="user-username">
          <bdi>@{user.username}</bdi>
        </Username>
      </Who>
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 64px;
  padding: 12px 4px;
  overflow: hidden;
`;

export const Avatar = styled.span`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: radial-gradient(circle at 30% 25%, #ffe08a, ${({ theme }) => theme.colors.primary} 60%, #b07d00);
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 800;
  font-size: 0.95rem;
  letter-spacing: 0.02em;
  box-shadow: 0 0 0 3px rgb(245 179 1 / 18%);
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  line-height: 1.25;
`;

const Name = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Username = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;
