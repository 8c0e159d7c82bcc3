import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ApiDocsRoute from './api-docs';

describe('API guide', () => {
  it('links to the OpenAPI document the server generates', () => {
    render(
      <MemoryRouter>
        <ApiDocsRoute />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', '/api/openapi.json');
  });
});
