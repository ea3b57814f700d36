// Screen views of the public routes, from ui/src/screens.
export {
  AuthCallbackView,
  LandingView,
  PrivacyView,
  ReleaseNotesView,
  TermsView,
} from '@cadence/ui'
