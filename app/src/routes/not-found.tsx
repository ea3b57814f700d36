import { NotFoundView } from './views'

function NotFoundPage() {
  return <NotFoundView />
}

export default NotFoundPage
