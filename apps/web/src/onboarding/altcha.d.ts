import 'react';

// altcha ships its React typings at a path its package exports do not expose.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        language?: string;
        name?: string;
        auto?: string;
      };
    }
  }
}
