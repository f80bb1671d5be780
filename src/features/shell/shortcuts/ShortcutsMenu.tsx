import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { uiSettingsMachine } from '../../../../machines/uiSettings.ts';
import { selectShortcuts } from '../../../../machines/uiSettings.selectors.ts';
import { NAVIGATION, type NavItem } from '../navigation/config.ts';
import { titleMatches, type Destination } from '../search/match.ts';
import { openDestination, useDestinations } from '../search/useDestinations.ts';
import { Glyph } from '../settings/glyphs.tsx';
import { useFocusReturn } from '../../../ui/focusReturn.ts';

/**
 * The shortcuts menu (SPEC §2): the player's shortcut items, kept with their settings, to go to,
 * add (from the menu they see) and remove; one search box filters both lists by title, whatever
 * the case.
 */
export function ShortcutsMenu({
  actor,
  open,
  onOpenChange,
  tree = NAVIGATION,
}: {
  actor: ActorRefFrom<typeof uiSettingsMachine>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tree?: readonly NavItem[];
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const items = useDestinations(tree);
  const ids = useSelector(actor, selectShortcuts);
  const [query, setQuery] = useState('');
  const titleOf = (item: Destination) => i18n._(item.title);
  const addLabel = (title: string) => t`Add ${title} to shortcuts`;
  const removeLabel = (title: string) => t`Remove ${title} from shortcuts`;
  const matches = (item: Destination) => titleMatches(titleOf(item), query, i18n.locale);
  // In the order they were added; an id the player can no longer see is left out (and kept).
  const shortcuts = ids.map((id) => items.find((item) => item.id === id)).filter((item): item is Destination => !!item);
  const shown = shortcuts.filter(matches);
  const addable = items.filter((item) => !ids.includes(item.id)).filter(matches);
  const returnFocus = useFocusReturn({ page: useRouterState({ select: (s) => s.location.pathname }) });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Content aria-describedby={undefined} {...returnFocus}>
          <Title>
            <Trans>Shortcuts</Trans>
          </Title>
          <Search
            type="search"
            aria-label={t`Search shortcuts`}
            placeholder={t`Search shortcuts`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <List aria-label={t`Your shortcuts`}>
            {shown.map((item) => (
              <Row key={item.id}>
                <Go
                  type="button"
                  onClick={() => {
                    openDestination(item, (to) => void navigate({ to }));
                    onOpenChange(false);
                  }}
                >
                  <Glyph name="star" size={18} />
                  {titleOf(item)}
                </Go>
                <Small
                  type="button"
                  aria-label={removeLabel(titleOf(item))}
                  onClick={() => actor.send({ type: 'user.removeShortcut', id: item.id })}
                >
                  <Glyph name="remove" size={18} />
                </Small>
              </Row>
            ))}
          </List>
          {shown.length === 0 && (
            <Note>{shortcuts.length === 0 && query.trim() === '' ? <Trans>No shortcuts yet.</Trans> : <Trans>No results..</Trans>}</Note>
          )}
          {addable.length > 0 && (
            <>
              <Heading>
                <Trans>Add a shortcut</Trans>
              </Heading>
              <List aria-label={t`Pages to add`}>
                {addable.map((item) => (
                  <Row key={item.id}>
                    <Go as="span" data-muted="">
                      {titleOf(item)}
                    </Go>
                    <Small
                      type="button"
                      aria-label={addLabel(titleOf(item))}
                      onClick={() => actor.send({ type: 'user.addShortcut', id: item.id })}
                    >
                      <Glyph name="add" size={18} />
                    </Small>
                  </Row>
                ))}
              </List>
            </>
          )}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Content = styled(Dialog.Content)`
  position: fixed;
  top: 72px;
  inset-inline-end: 16px;
  z-index: 901;
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: min(320px, calc(100vw - 32px));
  max-height: calc(100vh - 96px);
  overflow-y: auto;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 20px 60px rgb(0 0 0 / 45%);
`;

const Title = styled(Dialog.Title)`
  margin: 0;
  font-size: 1rem;
`;

const Heading = styled.h3`
  margin: 6px 0 0;
  font-size: 0.75rem;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Search = styled.input`
  min-height: 36px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const Go = styled.button`
  flex: 1;
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 36px;
  padding: 6px 8px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  svg { color: ${({ theme }) => theme.colors.primary}; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  &[data-muted] { color: ${({ theme }) => theme.colors.textMuted}; cursor: default; background: none; }
`;

const Small = styled.button`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
`;

const Note = styled.p`
  margin: 0;
  padding: 6px 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;
