// T-shirt sizes as people read them on the administration screens; codes stand in until the list loads.
import { useMemo } from 'react';
import { useFunction } from '../../api/queries';
import type { SizeLabel } from '../students/studentSheet';

export function useSizeLabel(): SizeLabel {
  const sizes = useFunction('adminTshirtSizes');
  const list = sizes.data?.sizes;
  return useMemo(() => {
    const labels = new Map((list ?? []).map((size) => [size.code, size.label]));
    return (code: string) => labels.get(code) ?? code;
  }, [list]);
}
