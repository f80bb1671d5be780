import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { selectGroupOpen } from '../../../../machines/navigation.selectors.ts';
import { NAVIGATION, type NavBadge, type NavItem } from './config.ts';
import { groupsContaining, matchesPath, nestedPadding } from './filter.ts';
import { useHoverIntent } from './hoverIntent.ts';
import { Icon, type IconName } from './Icon.tsx';
import { useNavigationActor, useNavigationSelector } from './NavigationProvider.tsx';
import { useVisibleItems } from './useVisibleItems.ts';

/**
 * The menu built from the configured tree, filtered by the player's roles and levels. Vertical:
 * groups are headings, collapse groups fold open on click (and by themselves around the current
 * path). Horizontal: groups and collapse groups are dropdowns that open on hover after 150 ms.
 * The layout around it hides the labels when the navbar is folded (data-part="label").
 */
export function Navigation({ variant, tree = NAVIGATION }: { variant: 'vertical' | 'horizontal'; tree?: readonly NavItem[] }) {
  const { t } = useLingui();
  const nav = useNavigationActor();
  const items = useVisibleItems(tree);
  const path = useRouterState({ select: (s) => s.location.pathname });

  // The groups around the page's address, from the configured tree (not the player's filtered
  // view of it): the route decides, and a change of the login's roles reopens nothing.
  useEffect(() => {
    const groupIds = groupsContaining(tree, path);
    if (groupIds.length > 0) nav.send({ type: 'route.changed', groupIds });
  }, [nav, tree, path]);

  return (
    <Root aria-label={t`Main navigation`} data-variant={variant}>
      {variant === 'vertical' ? (
        <VerticalList>
          {items.map((item) => (
            <VerticalEntry key={item.id} item={item} level={0} />
          ))}
        </VerticalList>
      ) : (
        <MenuBar>
          {items.map((item) => (
            <HorizontalEntry key={item.id} item={item} nested={false} />
          ))}
        </MenuBar>
      )}
    </Root>
  );
}

function VerticalEntry({ item, level }: { item: NavItem; level: number }) {
  const { i18n } = useLingui();
  const nav = useNavigationActor();
  const groupOpen = useNavigationSelector(selectGroupOpen(item.id));
  const open = item.type === 'collapse' && groupOpen;
  const childrenId = useId();

  switch (item.type) {
    case 'divider':
      // A line for the eye only: a list holds list items, and a screen reader has nothing to read here.
      return <Divider aria-hidden="true" data-part="divider" />;
    case 'group':
      return (
        <li>
          <GroupTitle $level={level} data-part="group-title">
            <span data-part="label">{i18n._(item.title)}</span>
          </GroupTitle>
          <VerticalList>
            {item.children.map((child) => (
              <VerticalEntry key={child.id} item={child} level={level} />
            ))}
          </VerticalList>
        </li>
      );
    case 'collapse':
      return (
        <li data-state={open ? 'open' : 'closed'}>
          <Row
            as="button"
            type="button"
            $level={level}
            aria-expanded={open}
            aria-controls={childrenId}
            title={i18n._(item.title)}
            onClick={() => nav.send({ type: 'user.toggleGroup', id: item.id })}
          >
            <Content icon={item.icon} badge={item.badge}>
              {i18n._(item.title)}
            </Content>
            <Chevron data-part="chevron" data-open={open || undefined}>
              <Icon name="chevron" size={18} />
            </Chevron>
          </Row>
          <VerticalList id={childrenId} hidden={!open} data-part="children">
            {item.children.map((child) => (
              <VerticalEntry key={child.id} item={child} level={level + 1} />
            ))}
          </VerticalList>
        </li>
      );
    case 'item':
      return (
        <li>
          <Row
            as={Link}
            to={item.url}
            activeOptions={{ exact: item.exact ?? false }}
            activeProps={{ 'aria-current': 'page' }}
            $level={level}
            title={i18n._(item.title)}
            onClick={() => nav.send({ type: 'user.chooseItem' })}
          >
            <Content icon={item.icon} badge={item.badge}>
              {i18n._(item.title)}
            </Content>
          </Row>
        </li>
      );
    case 'link':
      return (
        <li>
          <Row
            as="a"
            href={item.url}
            target={item.target ?? '_blank'}
            rel="noopener noreferrer"
            $level={level}
            title={i18n._(item.title)}
            onClick={() => nav.send({ type: 'user.chooseItem' })}
          >
            <Content icon={item.icon} badge={item.badge}>
              {i18n._(item.title)}
            </Content>
            {(item.target ?? '_blank') === '_blank' && (
              <Chevron data-part="chevron">
                <Icon name="external" size={16} />
              </Chevron>
            )}
          </Row>
        </li>
      );
  }
}

function HorizontalEntry({ item, nested }: { item: NavItem; nested: boolean }) {
  const { i18n } = useLingui();
  const nav = useNavigationActor();
  switch (item.type) {
    case 'divider':
      return <Divider aria-hidden="true" data-part="divider" data-nested={nested || undefined} />;
    case 'group':
    case 'collapse':
      return <HorizontalSubmenu item={item} nested={nested} />;
    case 'item':
      return (
        <li>
          <MenuLink
            as={Link}
            to={item.url}
            activeOptions={{ exact: item.exact ?? false }}
            activeProps={{ 'aria-current': 'page' }}
            data-nested={nested || undefined}
            onClick={() => nav.send({ type: 'user.chooseItem' })}
          >
            <Content icon={item.icon} badge={item.badge}>
              {i18n._(item.title)}
            </Content>
          </MenuLink>
        </li>
      );
    case 'link':
      return (
        <li>
          <MenuLink
            as="a"
            href={item.url}
            target={item.target ?? '_blank'}
            rel="noopener noreferrer"
            data-nested={nested || undefined}
            onClick={() => nav.send({ type: 'user.chooseItem' })}
          >
            <Content icon={item.icon} badge={item.badge}>
              {i18n._(item.title)}
            </Content>
          </MenuLink>
        </li>
      );
  }
}

function HorizontalSubmenu({ item, nested }: { item: Extract<NavItem, { type: 'group' | 'collapse' }>; nested: boolean }) {
  const { i18n } = useLingui();
  const hover = useHoverIntent();
  const menuId = useId();
  const active = useRouterState({ select: (s) => containsPath(item, s.location.pathname) });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && hover.open) {
      event.stopPropagation();
      hover.setOpen(false);
    }
  };

  return (
    <SubmenuItem
      data-state={hover.open ? 'open' : 'closed'}
      onPointerEnter={hover.onPointerEnter}
      onPointerLeave={hover.onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hover.setOpen(false);
      }}
    >
      <MenuLink
        as="button"
        type="button"
        aria-haspopup="true"
        aria-expanded={hover.open}
        aria-controls={menuId}
        data-active={active || undefined}
        data-nested={nested || undefined}
        onClick={() => hover.setOpen(!hover.open)}
      >
        <Content icon={item.icon} badge={item.badge}>
          {i18n._(item.title)}
        </Content>
        <Chevron data-part="chevron" data-nested={nested || undefined}>
          <Icon name={nested ? 'chevron' : 'expand'} size={18} />
        </Chevron>
      </MenuLink>
      <Dropdown
        id={menuId}
        hidden={!hover.open}
        data-nested={nested || undefined}
        // Choosing an item closes this dropdown (and, as the click bubbles, the ones around it).
        onClick={(event) => {
          if ((event.target as Element).closest('a')) hover.setOpen(false);
        }}
      >
        {item.children.map((child) => (
          <HorizontalEntry key={child.id} item={child} nested />
        ))}
      </Dropdown>
    </SubmenuItem>
  );
}

/** Whether the current path is one of the item's own (a submenu shows as active then). */
function containsPath(item: NavItem, path: string): boolean {
  if (item.type === 'item') return matchesPath(item.url, item.exact, path);
  if (item.type === 'group' || item.type === 'collapse') return item.children.some((child) => containsPath(child, path));
  return false;
}

function Content({ icon, badge, children }: { icon?: IconName; badge?: NavBadge; children: ReactNode }) {
  return (
    <>
      {icon && (
        <IconSlot data-part="icon">
          <Icon name={icon} size={22} />
        </IconSlot>
      )}
      <Label data-part="label">{children}</Label>
      {badge && (
        <Badge data-part="badge" $bg={badge.bg} $fg={badge.fg}>
          {badge.title}
        </Badge>
      )}
    </>
  );
}

const Root = styled.nav`
  ul { list-style: none; margin: 0; padding: 0; }
`;

const VerticalList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 2px;
  &[hidden] { display: none; }
`;

const rowLook = css`
  display: flex;
  align-items: center;
  gap: 14px;
  width: 100%;
  min-height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: 500;
  text-align: start;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color 0.15s, color 0.15s;
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryText};
    background: linear-gradient(90deg, ${({ theme }) => theme.colors.primary}, #ffcf4d);
    box-shadow: 0 4px 14px rgb(245 179 1 / 25%);
  }
  [dir='rtl'] &[aria-current='page'] { background: linear-gradient(270deg, ${({ theme }) => theme.colors.primary}, #ffcf4d); }
`;

const Row = styled.a<{ $level: number }>`
  ${rowLook}
  padding-block: 8px;
  padding-inline: ${({ $level }) => nestedPadding($level)}px 12px;
`;

const GroupTitle = styled.div<{ $level: number }>`
  padding-block: 16px 6px;
  padding-inline: ${({ $level }) => nestedPadding($level)}px 12px;
  font-size: 0.72rem;
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
`;

const IconSlot = styled.span`
  display: inline-flex;
`;

const Label = styled.span`
  flex: 1;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Badge = styled.span<{ $bg: string; $fg: string }>`
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 0.7rem;
  font-weight: 700;
  background: ${({ $bg }) => $bg};
  color: ${({ $fg }) => $fg};
`;

const Chevron = styled.span`
  display: inline-flex;
  transition: transform 0.15s;
  &[data-open] { transform: rotate(90deg); }
  [dir='rtl'] &[data-open] { transform: rotate(-90deg); }
`;

const Divider = styled.li`
  height: 1px;
  margin: 8px 12px;
  background: ${({ theme }) => theme.colors.border};
  [data-variant='horizontal'] > ul > & { width: 1px; height: 24px; margin: 0 4px; }
  &[data-nested] { width: auto; height: 1px; margin: 6px 8px; }
`;

const MenuBar = styled.ul`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const MenuLink = styled.a`
  ${rowLook}
  gap: 10px;
  width: auto;
  min-height: 40px;
  padding: 6px 14px;
  &[data-active]:not([aria-expanded='true']) { color: ${({ theme }) => theme.colors.primary}; }
  &[data-nested] { width: 100%; }
`;

const SubmenuItem = styled.li`
  position: relative;
`;

const Dropdown = styled.ul`
  position: absolute;
  top: calc(100% + 6px);
  inset-inline-start: 0;
  z-index: 50;
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 220px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 16px 40px rgb(0 0 0 / 45%);
  &[hidden] { display: none; }
  /* a bridge over the gap, so the pointer can travel from the button to the menu */
  &::before { content: ''; position: absolute; inset-inline: 0; top: -8px; height: 8px; }
  &[data-nested] { top: -6px; inset-inline-start: calc(100% + 4px); }
  &[data-nested]::before { inset-block: 0; inset-inline-start: -6px; top: 0; width: 6px; height: auto; }
`;
