/** The shop a live node is set up as in tests and benchmarks: its seller and its registration (01/ĐKTĐ-HĐĐT). */
export const LIVE_SELLER = { name: 'Công ty TNHH Cà phê Hòa Bình', mst: '0300588569', address: 'TP. Hồ Chí Minh' };

export const REGISTRATION = {
  taxOfficeCode: '79101',
  taxOfficeName: 'Chi cục Thuế Quận 1',
  place: 'TP. Hồ Chí Minh',
  contactName: 'Nguyễn Văn An',
  contactAddress: '12 Lê Lợi, Quận 1',
  contactEmail: 'ke.toan@hoabinh.vn',
  contactPhone: '0283822000',
};
