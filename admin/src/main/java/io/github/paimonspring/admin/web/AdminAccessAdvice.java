package io.github.paimonspring.admin.web;

import java.util.List;

import io.github.paimonspring.admin.model.AdminModel;
import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * Narrows the admin API's lists to the tables the principal may read, and takes what an answer tells the
 * audit event (the transaction a request opened, the snapshot it committed).
 */
@ControllerAdvice(assignableTypes = { PaimonAdminController.class, PaimonChannelController.class,
		PaimonMaintenanceController.class })
public class AdminAccessAdvice implements ResponseBodyAdvice<Object> {

	@Override
	public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
		return true;
	}

	@Override
	public @Nullable Object beforeBodyWrite(@Nullable Object body, MethodParameter returnType,
			MediaType selectedContentType, Class<? extends HttpMessageConverter<?>> selectedConverterType,
			ServerHttpRequest request, ServerHttpResponse response) {
		if (!(request instanceof ServletServerHttpRequest servlet)) {
			return body;
		}
		AdminRequestAccess access = AdminRequestAccess.of(servlet.getServletRequest());
		if (access == null || body == null) {
			return body;
		}
		if (body instanceof List<?> list) {
			return list.stream().filter((element) -> visible(access, element)).toList();
		}
		if (body instanceof AdminModel.TransactionView view) {
			access.answered(view.id(), view.snapshotId());
		}
		else if (body instanceof AdminModel.CommitResponse commit) {
			access.answered(null, commit.snapshotId());
		}
		else if (body instanceof AdminModel.TruncateResponse truncate) {
			access.answered(null, truncate.snapshotId());
		}
		return body;
	}

	private static boolean visible(AdminRequestAccess access, @Nullable Object element) {
		if (element instanceof AdminModel.TableSummary table) {
			return access.mayRead(table.identifier());
		}
		if (element instanceof AdminModel.TransactionView transaction) {
			return access.mayRead(transaction.table());
		}
		return true;
	}

}
