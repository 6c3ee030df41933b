import { staffCreateBlogCategory, staffDeleteBlogCategory, staffUpdateBlogCategory, useStaffListBlogCategories } from '@/api/endpoints/content-staff/content-staff';
import { Catalogue } from '@/ui/console/Catalogue';
import { StaffPage } from '@/ui/console/StaffPage';

/** /staff/blog-categories: the categories posts are filed under. */
export function BlogCategoriesPage() {
  const list = useStaffListBlogCategories();
  return (
    <StaffPage title="Blog categories">
      <Catalogue
        noun="category"
        labelField="Name"
        usesLabel="Posts"
        entries={list.data?.data.map((category) => ({ id: category.id, label: category.name, slug: category.slug, uses: category.posts }))}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        save={(name, slug, id) =>
          id === undefined
            ? staffCreateBlogCategory({ name, slug: slug || null })
            : staffUpdateBlogCategory(id, { name, slug: slug || null })
        }
        remove={staffDeleteBlogCategory}
      />
    </StaffPage>
  );
}
