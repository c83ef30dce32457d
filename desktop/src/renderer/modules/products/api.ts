import type { CreateProductRequest, Product, ProductBuyerList, ProductBuyersQuery, ProductList, ProductsQuery, QueryParams, UpdateProductRequest } from '@crm/common';
import { api } from '../../lib/api';

/** Products: every user reads them (deal editor); admins write them (the server refuses others). */
export const productsApi = {
  list: (query: QueryParams<ProductsQuery>, signal?: AbortSignal) => api.get<ProductList>('/products', { query, signal }),
  get: (id: string, signal?: AbortSignal) => api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal }),
  buyers: (id: string, query: QueryParams<ProductBuyersQuery>, signal?: AbortSignal) => api.get<ProductBuyerList>(`/products/${encodeURIComponent(id)}/buyers`, { query, signal }),
  create: (body: CreateProductRequest) => api.post<Product>('/products', body),
  update: (id: string, body: UpdateProductRequest) => api.patch<Product>(`/products/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<{ message: string }>(`/products/${encodeURIComponent(id)}`),
};
