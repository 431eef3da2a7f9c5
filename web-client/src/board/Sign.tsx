// 7.3: the four Signs printed on a land's border: Block, Arch, Arrow, Triple Arrow. Drawn in local
// coordinates where +x points out of the land, toward the neighbour the Sign leads to.
import type { Sign } from '../../../shared/data/types';

export const SIGN_NAMES: Readonly<Record<Sign, string>> = {
  block: 'Block',
  arch: 'Arch',
  arrow: 'Arrow',
  arrows: 'Triple Arrow',
};

const ARROW = 'M -4 -5 L 4 0 L -4 5 Z';

export function SignGlyph({ sign }: { readonly sign: Sign }) {
  switch (sign) {
    case 'block':
      return <rect x={-5} y={-5} width={10} height={10} />;
    case 'arch':
      return <path d="M -5 -7 L 0 -7 A 7 7 0 0 1 0 7 L -5 7" fill="none" strokeWidth={3} />;
    case 'arrow':
      return <path d={ARROW} />;
    case 'arrows':
      return (
        <>
          <path d={ARROW} transform="translate(0 -11)" />
          <path d={ARROW} />
          <path d={ARROW} transform="translate(0 11)" />
        </>
      );
    default: {
      const never: never = sign;
      throw new Error(`unknown sign ${String(never)}`);
    }
  }
}
