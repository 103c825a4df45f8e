import { createBrowserRouter } from 'react-router'

import { routeTree } from '@/app/route-tree'

export const router = createBrowserRouter(routeTree)
