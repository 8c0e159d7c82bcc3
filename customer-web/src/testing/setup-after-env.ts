// jest-dom's matchers (toBeInTheDocument, toHaveTextContent ...) for the storefront's component tests.
import '@testing-library/jest-dom/jest-globals';
