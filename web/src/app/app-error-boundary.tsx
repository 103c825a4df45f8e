import { Component, type ReactNode } from 'react'

import { AppErrorScreen } from '@/components/app-error-screen'

type State = { error: unknown; failed: boolean }

/**
 * Catches what breaks outside the routes' own error page (RouteErrorPage): the providers, the
 * router itself. Shows the app-level error screen with a reload instead of leaving a blank page.
 * (React logs the error itself.)
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  render() {
    return this.state.failed ? <AppErrorScreen error={this.state.error} /> : this.props.children
  }
}
