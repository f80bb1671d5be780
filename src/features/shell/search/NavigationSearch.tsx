import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { NAVIGATION, type NavItem } from '../navigation/config.ts';
import { Glyph } from '../settings/glyphs.tsx';
import { suggest, type Destination } from './match.ts';
import { openDestination, useDestinations } from './useDestinations.ts';

/**
 * The toolbar's navigation search (SPEC §5): suggestions from the menu the player sees, matched
 * on the title whatever the case, at most 10, 'No results..' when none. Enter or a click goes
 * there; Escape closes the box.
 */
export function NavigationSearch({ onClose, tree = NAVIGATION }: { onClose: () => void; tree?: readonly NavItem[] }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const items = useDestinations(tree);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const titleOf = (item: Destination) => i18n._(item.title);
  const found = suggest(items, query, titleOf, i18n.locale);
  const showList = query.trim() !== '';

  const go = (item: Destination | undefined) => {
    if (!item) return;
    openDestination(item, (to) => void navigate({ to }));
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, found.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(found[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <Root data-testid="navigation-search">
      <Glyph name="search" size={20} />
      <Input
        // Opened by the player's click on the search button: the box takes the focus at once.
        autoFocus
        type="search"
        role="combobox"
        aria-label={t`Search the menu`}
        placeholder={t`Search the menu`}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && found[active] ? `${listId}-${found[active].id}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (!e.currentTarget.parentElement?.contains(e.relatedTarget)) onClose();
        }}
      />
      {showList && (
        <List id={listId} role="listbox" aria-label={t`Menu suggestions`}>
          {found.length === 0 ? (
            <Empty role="presentation">
              <Trans>No results..</Trans>
            </Empty>
          ) : (
            found.map((item, index) => (
              <Option
                key={item.id}
                id={`${listId}-${item.id}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(item)}
              >
                {titleOf(item)}
              </Option>
            ))
          )}
        </List>
      )}
    </Root>
  );
}

const Root = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 6px;
  min-width: 0;
  height: 40px;
  padding-inline: 10px 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Input = styled.input`
  width: min(240px, 40vw);
  min-width: 0;
  border: 0;
  outline: none;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

const List = styled.ul`
  position: absolute;
  top: calc(100% + 6px);
  inset-inline: 0;
  z-index: 80;
  min-width: 220px;
  margin: 0;
  padding: 6px;
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 12px 32px rgb(0 0 0 / 35%);
`;

const Option = styled.li`
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &[aria-selected='true'], &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.primary}; }
`;

const Empty = styled.li`
  padding: 8px 10px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
