import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { AuthRegisterPage } from '../../src/features/template/AuthDemoPages.tsx';
import { SearchClassicPage } from '../../src/features/template/SearchPages.tsx';
import { renderView } from './render.tsx';

/** Render a template page at /page under a memory router (its links need one). */
async function renderPage(Page: RouteComponent) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/page', component: Page });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/page'] }) });
  await act(() => router.load());
  return renderView(<RouterProvider router={router} />);
}

describe('template auth demo forms', () => {
  it('check every field and only then show the demo notice', async () => {
    const user = userEvent.setup();
    await renderPage(AuthRegisterPage);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
    expect(screen.getByText('Please accept the terms and conditions.')).toBeTruthy();
    expect(screen.queryByTestId('demo-result')).toBeNull();

    await user.type(screen.getByLabelText('Name'), 'Demo');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Password (confirm)'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The password needs at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'demo@example.test');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.clear(screen.getByLabelText('Password (confirm)'));
    await user.type(screen.getByLabelText('Password (confirm)'), 'long-enough');
    await user.click(screen.getByLabelText('I read and accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByTestId('demo-result').textContent).toContain('nothing was sent');
  });
});

describe('template search page', () => {
  it('filters the pages by title, detail or address, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderPage(SearchClassicPage);
    const box = screen.getByRole('searchbox', { name: 'Search the pages' });
    await user.type(box, 'typo');
    expect(screen.getByRole('link', { name: 'Typography' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 result');
    await user.clear(box);
    await user.type(box, 'zzzz');
    expect(screen.getByText('No pages match your search.')).toBeTruthy();
  });
});
