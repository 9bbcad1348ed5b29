kernel void vadd(global float *a, global const float *b, global const float *c, int n) {
  int i = get_global_id(0);
  if (i < n) a[i] = b[i] * c[i] + sin(b[i]);
  for (int j = 0; j < n; j++) a[i] += (float)j / (c[j]+1.0f);
}
kernel void dbl(global double *a, global long *l, local int *s) {
  int i = get_global_id(0);
  s[get_local_id(0)] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  a[i] = a[i] * 3.5 + s[(get_local_id(0)+1)%get_local_size(0)];
  l[i] = l[i] / (l[i+1] | 1);
  atomic_add((global int*)l, 1);
}
