import type { TNotification } from '../../dataProvider/api';

export type TUnseenCountEvent = { type: 'loaded'; count: number } | { type: 'received'; notification?: TNotification; count?: number } | { type: 'markedOneRead' } | { type: 'markedAllRead' };

/** The count rises on a new unseen notification, falls by one, goes to 0 on "read all". */
export function nextUnseenCount(current: number, event: TUnseenCountEvent): number {
  switch (event.type) {
    case 'loaded':
      return Math.max(0, event.count);
    case 'received':
      if (typeof event.count === 'number') return Math.max(0, event.count);
      return event.notification && !event.notification.hasBeenSeen ? current + 1 : current;
    case 'markedOneRead':
      return Math.max(0, current - 1);
    case 'markedAllRead':
      return 0;
  }
}
