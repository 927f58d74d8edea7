export const T = {
  title: 'Đăng nhập',
  product: 'hoadon – hóa đơn điện tử của cửa hàng',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  submit: 'Đăng nhập',
  busy: 'Đang đăng nhập…',
  expired: 'Phiên làm việc đã hết hạn. Vui lòng đăng nhập lại.',
  signOut: 'Đăng xuất',
  signedInAs: 'Đang đăng nhập:',
  menu: 'Chức năng',
};
