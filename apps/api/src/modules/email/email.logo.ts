/**
 * The Atelier mark (the web app's LogoMark: a violet-to-pink tile with an "A") as a 96 px PNG,
 * attached to every mail and shown by cid: no remote images in mails.
 */
export const LOGO_ATTACHMENT = {
  filename: 'atelier.png',
  contentType: 'image/png',
  cid: 'logo@atelier',
  contentBase64:
    'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAMAAADVRocKAAAAnFBMVEVMaXGVWe3jSaHiSaKuVNS7UciUWu+7Usi7UcfMTbj///+nVtusVde0U8+fWOS3U8zCUcLLT7miV+CuVdWwVNPEUMCyVNG/UcTJT7uqVtm7Usm9UsfOTrelV97QTrXIT73GUL6bWefSTbPUTbHWTa+5U8rYTK3fS6bcS6mYWeraTKviSqOVWu3HcdP04vbsy+789fzjs+bUitjbn9+fF7hGAAAACnRSTlMAzIDJkG9jGstXxMr18AAAAAlwSFlzAAALEwAACxMBAJqcGAAAA9lJREFUaN61mul22jAQhQXYsVFL4iwu1LSENCEkAcnb+79bJRvQ2FjS6MS6P5PDd2ek0W5C+opugsnk5VPopdXtSQ+N/gr9aPRb6KfUo9DT02McB/OIWBTdTI5Cn+78p19Sizg0eUTB8ajhP9j4jcFC6C7QWtwctfxbPF8oHA5/chwj/kZxpA//+/Hf3e12u7kL/8Gdn2Wh1/izrOcwevxZtl6DVorGj38tpHp64iH+9XoZj17/Xf5yGXYbaOT4pdpGCjzFv1wmAUjAQ/xJkkSXHvARv1B4LiE/8SdJfGohT/EnaRo1LeQr/jRN57KG/MWfbgPRBR7j325jMnGLnzEnvjB4cYs/z5342xVxa39GKXPhb5+JW/uXlJYO/OdnaeBSPwWlxcKFL5rIpX5qKlS78FfEqf65NOAu/LMBrv4r2qhy4N8Tl/HLWwPuwG8NkOOX0ZMYnt8YYOef/GyQ4/nSADv/XBJoU8DxhQF6/iyVQYnm3xP0/LkolEGxw/L/EPT8X1OgGss/GWDmfw4NOJbfMTDyK9pRheS3Bpj1i3cNOJK/IUg+oz0xHF8aoNbfvG+Q4/jCAMW/SkCmgOFvCG7/UF4blCj+P4Lbn1wGWX5pq2KN4bcGVr4aZJUq1xrDbwzs+6tLjRZZdkmGY/jSwM5XUZdZprqjQvBfCWZ/qAYZyzJVUBzBfyUIPuuOX2Bn5zcGtv2tGmS1nB9Uj+d2vjSw8VUCxbqRWhiYlf9G7Ptz1atlO/+AP1j5b8S+/y86E5wYXSCl1MY/GZj4YCXLTwIrm43fGhjPL5waxLcW/jux8StqVGXhSwPz+YubDbiFLwzMfEYtYmb+O7GcH3ObQW7mfxEz35qASMHIlwam829pNyiNfGFgPF8XdoNiZeJ/ESO/pgjVJv4HMd4PcDDP9dYvlRs38RsDLb+Ce4je+gh6pzLwpYH+fgMMMtZff0F9cQNfGOj5gJFfr+9ghDA9/4MY7mcAYmB9B+2X6/mNgYYPEiiG9g+ghDda/p7o75fgmWxo/wD/r+ULA+39T9Hp4uv1fQUy3Oj4e6Ll150uHto/wJVNx28Mhu9/OOziwf0J6Gau4+/JQsOHv9btr2AMGv6exJr7K/DjWre/Aq3Ih/mHWWPgcv9jWV96fGEQeOUfpmTulX+Yk8gr/yAeEGKf/Jl4Pwg98kUXiAcEj/xD80oU+ONP22cub/zD6S0w9MWfnp8CYz/8mXos9cI/gGfxuQ9+51E89MwXOXjmSwe/fNHT8Yj1M/ztRjh6/V9/ejLK/GD8uiWMvzk/T+0f6MyDOE7d+fvZbDrw+c9/xLIo2hD9A+kAAAAASUVORK5CYII=',
};
