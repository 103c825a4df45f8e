import { createBrowserRouter } from 'react-router'

import { routeTree } from '@/app/route-tree'

/** The app's router; made once, as the app starts (`main.tsx`), and it reads the location then. */
export const createRouter = () => createBrowserRouter(routeTree)
