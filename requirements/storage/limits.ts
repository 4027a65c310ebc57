import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'limits',
  requirements: [
    { id: 'ST-LIMIT-KEY-2048', area: 'limits', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Limits'], words: ['Key size'] }], text: 'A key of up to 2,048 bytes in UTF-8 is accepted; a longer key is refused' },
    { id: 'ST-LIMIT-VALUE-131072', area: 'limits', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Limits'], words: ['Value size'] }], text: 'A value of up to 128 KiB (131,072 bytes) is accepted; a larger value is refused' },
    { id: 'ST-LIMIT-GET-BATCH-128', area: 'limits', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Limits'], words: ['Keys or pairs per get, put or delete call with a batch'] }], text: 'get(keys[]) accepts up to 128 keys and refuses more' },
    { id: 'ST-LIMIT-PUT-BATCH-128', area: 'limits', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Limits'], words: ['Keys or pairs per get, put or delete call with a batch'] }], text: 'put(entries) accepts up to 128 pairs and refuses more' },
    { id: 'ST-LIMIT-DELETE-BATCH-128', area: 'limits', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Limits'], words: ['Keys or pairs per get, put or delete call with a batch'] }], text: 'delete(keys[]) accepts up to 128 keys and refuses more' },
    { id: 'ST-LIMIT-REFUSED-WRITES-NOTHING', area: 'limits', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '1'] }], text: 'A put or delete refused for a limit changes nothing: no pair of the batch is stored or deleted' },
    // Extended (reference-notes)
    { id: 'ST-LIMIT-KEY-RANGEERROR', area: 'limits', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'An oversized key is refused with RangeError "Keys cannot be larger than 2048 bytes. A key of size N was provided."' },
    { id: 'ST-LIMIT-VALUE-RANGEERROR', area: 'limits', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'An oversized value (measured on its serialized form) is refused with RangeError "Values cannot be larger than 131072 bytes. A value of size N was provided."' },
    { id: 'ST-LIMIT-BATCH-RANGEERROR', area: 'limits', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'An oversized batch is refused with RangeError "Maximum number of key value pairs is 128. N pairs were provided."' },
  ],
};
export default catalog;
